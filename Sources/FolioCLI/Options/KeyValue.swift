import FolioCore
import Foundation

/// Splits `KEY=VALUE`.
func keyValue(_ text: String) throws(FolioError) -> (String, String) {
    guard let equals = text.firstIndex(of: "="), equals != text.startIndex else { throw FolioError(.fieldNeedsKeyValue(text)) }
    return (String(text[..<equals]).trimmingCharacters(in: .whitespaces), String(text[text.index(after: equals)...]))
}
