import ArgumentParser
import FolioCore

/// `folio completions bash|zsh|fish`: the completion script for a shell, without `make install`
/// (as `gh completion` and `rustup completions` print theirs).
struct CompletionsCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "completions",
            abstract: bilingual(
                "Print the completion script of a shell: commands, options and their values complete with Tab.",
                "印出命令列的自動補齊腳本：按 `Tab` 就補齊指令、選項和它們的值。"),
            discussion: bilingual(
                """
                bash: folio completions bash > ~/.local/share/bash-completion/completions/folio
                zsh:  folio completions zsh > ~/.zfunc/_folio (with fpath+=~/.zfunc before compinit in ~/.zshrc)
                fish: folio completions fish > ~/.config/fish/completions/folio.fish
                make install puts the same scripts where each shell finds them.
                """,
                """
                `bash`：folio completions bash > ~/.local/share/bash-completion/completions/folio
                `zsh`： folio completions zsh > ~/.zfunc/_folio（在 ~/.zshrc 的 `compinit` 前加上 `fpath+=~/.zfunc`）
                `fish`：folio completions fish > ~/.config/fish/completions/folio.fish
                `make install` 會把同樣的腳本放到各個命令列找得到的地方。
                """))
    }

    @Argument(help: ArgumentHelp(bilingual("bash, zsh or fish.", "`bash`、`zsh` 或 `fish`。")))
    var shell: CompletionShellName

    func run() {
        Console.out(Folio.completionScript(for: shell.completionShell))
    }
}

/// The shells ArgumentParser writes completion scripts for.
enum CompletionShellName: String, CaseIterable, ExpressibleByArgument {
    case bash, zsh, fish

    var completionShell: CompletionShell {
        switch self {
        case .bash: .bash
        case .zsh: .zsh
        case .fish: .fish
        }
    }
}
