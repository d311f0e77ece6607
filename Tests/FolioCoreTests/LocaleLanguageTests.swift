import FolioCore
import Testing

/// A new vault's language from this computer's locale, read as POSIX programs read it.
@Suite("The locale's language")
struct LocaleLanguageTests {
    @Test("the first of LC_ALL, LC_MESSAGES and LANG that is set decides; Chinese is zh-Hant, any other language English")
    func precedence() {
        #expect(Language.ofLocale(["LANG": "en_US.UTF-8"]) == .en)
        #expect(Language.ofLocale(["LANG": "zh_TW.UTF-8"]) == .zhHant)
        #expect(Language.ofLocale(["LANG": "zh_CN.UTF-8"]) == .zhHant)
        #expect(Language.ofLocale(["LANG": "fr_FR.UTF-8"]) == .en)
        #expect(Language.ofLocale(["LC_ALL": "zh_HK.UTF-8", "LANG": "en_US.UTF-8"]) == .zhHant)
        #expect(Language.ofLocale(["LC_MESSAGES": "en_GB", "LANG": "zh_TW.UTF-8"]) == .en)
        #expect(Language.ofLocale(["LC_ALL": "", "LANG": "en_US.UTF-8"]) == .en, "an empty variable is not set")
    }

    @Test("the C and POSIX locales, or none, name no language")
    func noChoice() {
        for value in ["C", "C.UTF-8", "POSIX", "c.utf8"] { #expect(Language.ofLocale(["LANG": value]) == nil, "\(value)") }
        #expect(Language.ofLocale([:]) == nil)
        #expect(Language.ofLocale(["LC_ALL": "C", "LANG": "en_US.UTF-8"]) == nil, "LC_ALL decides, as it does for every program")
    }
}
