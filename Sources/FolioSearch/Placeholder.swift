// The full-text engine lands with the search issue.
enum FolioSearchPlaceholder {}
