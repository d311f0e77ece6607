# config set/get round-trips; unknown keys and wrong types are refused; the file keeps its comments.
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
$ folio config set ai.model gpt-4o-mini
ai.model = gpt-4o-mini
? 0
$ folio config get ai.model
gpt-4o-mini
? 0
$ folio config get sync.interval
10
? 0
$ folio config set ai.modle x
! error: unknown setting 'ai.modle'. Known settings:
!   language
!   sync.remote
!   sync.interval
!   sync.timeout
!   sync.deadline
!   sync.ssh_key
!   ai.provider
!   ai.base_url
!   ai.model
!   ai.vision_model
!   ai.transcription_model
!   ai.fallback
!   ai.tone
!   ai.auto_title
!   ai.auto_tags
!   ai.timeout
!   ai.deadline
!   ai.max_reply_bytes
!   embeddings.base_url
!   embeddings.model
!   embeddings.input_type
!   embeddings.batch
!   embeddings.timeout
!   embeddings.deadline
!   privacy.send_media
!   privacy.share_location
!   privacy.send_past_pages
!   location
!   weather.url
!   media.max_bytes
!   media.lfs
!   media.lfs_min_bytes
!   media.lfs_max_bytes
!   media.fetch
!   media.keep_days
!   qa.max_question_length
!   record.max_title_length
!   git.lock_wait
!   crypt.encrypted
!   front_matter.max_bytes
!   front_matter.max_depth
!   front_matter.max_nodes
!   search.max_record_bytes
!   inbox.kind
? 1
$ folio config set sync.interval soon
! error: the setting 'sync.interval' must be a whole number from 1 to 86400.
? 1
$ grep -c "# folio settings" .folio/config.yaml
1
? 0
