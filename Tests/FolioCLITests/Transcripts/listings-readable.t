# Issue 19: search snippets show text, not Markdown (a photo's link is [照片 name]); list shows
# inline #tags as tags and search do.
$ folio init journal --name 林小雨 --language zh-Hant
已建立 folio 資料庫：~/journal
? 0
$ cd journal
? 0
$ folio new diary --media "$FIXTURES/media/IMG_2041.jpg" --text 下雨的傍晚
已新增 日記「下雨的傍晚」：diary/2026/11/2026-11-22-下雨的傍晚.md
  photo  206 B  16×16  media/ff/fffe8ac79aeb577e58b1ee116c70fef08be35361dd0aed288fd61d05bcf3018d.jpg  IMG_2041.jpg
? 0
$ folio search IMG_2041
2026-11-22  日記  <id1:8>  下雨的傍晚
    下雨的傍晚 [照片 «IMG_2041».jpg]
? 0
$ folio idea 散步 --desc '走到 #河邊 看夕陽'
已新增 想法「散步」：ideas/2026/11/2026-11-22-散步.md
? 0
$ folio list idea
2026-11-22  想法  <id2:8>  散步  #河邊
? 0
