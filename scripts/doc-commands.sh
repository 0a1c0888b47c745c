#!/usr/bin/env bash
# Runs the commands a documentation page shows, in the current folder (start from an empty
# one: every page creates the files it needs), and fails on the first command that does not
# end as the page says. The one runner of README.md and docs/*.md (DocumentationCommandTests
# runs every page; scripts/fresh-runner-check.sh runs the golden walkthrough on a fresh Debian).
#
#   scripts/doc-commands.sh [--between NAME] [--write-pictures] PAGE.md
#
# The convention, which docs/internals.md describes for writers of pages:
#   ```sh        every line is a command, run in page order in one shell (a `cd` or a
#                variable carries over to the next block); a line ending in `\` goes on,
#                and a here-document's lines belong to its command. Comment lines and blank
#                lines are not commands.
#   ```console   a transcript: `$ COMMAND` lines, each followed by what it prints (standard
#                output and standard error together). Every line shown must be printed, in
#                that order and nothing between them; a line `…` stands for any lines.
#   COMMAND  # exit N                 the command must end with status N (without it: 0)
#   COMMAND  # exit N, prints "TEXT"  and print TEXT somewhere (`# prints "TEXT"`: exit 0)
#   COMMAND  # not run: REASON        not run, and counted with its reason
#   <!-- not run: REASON -->          on the line before a block: none of its commands run
# Any other fence that shows `$ COMMAND` lines, or a shell block spelt otherwise than `sh`
# (bash, shell, zsh), is an error: nothing is skipped silently.
#   <!-- picture: FILE is PATH -->    the page's picture PATH (relative to the page) is the
#                                     FILE its commands draw: after the last command the two
#                                     must match (`render-keyboard compare`, tolerance 0);
#                                     --write-pictures copies FILE over PATH instead
#                                     (scripts/doc-images.sh draws every page's pictures so).
# --between NAME runs only the blocks between `<!-- NAME: begin -->` and `<!-- NAME: end -->`.
#
# Prints each command and what it printed, then `doc-commands: PAGE: N run, M not run,
# P pictures` and each reason. Exit 0 when every command ended as the page says (and every
# picture is what the page draws), 1 when one did not, 2 when the page breaks the convention.
set -u
between="" write_pictures=""
while [ $# -gt 1 ]; do
    case $1 in
        --between) between=$2; shift 2 ;;
        --write-pictures) write_pictures=1; shift ;;
        *) break ;;
    esac
done
[ $# -eq 1 ] || { echo "usage: doc-commands.sh [--between NAME] [--write-pictures] PAGE.md" >&2; exit 2; }
page=$1
[ -f "$page" ] || { echo "doc-commands: $page: no such page" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The page becomes a script of doc_check, doc_expect and doc_skip calls, one per command.
awk -v page="$page" -v between="$between" '
    function fail(reason) { failat(NR, reason) }
    function failat(line, reason) { printf "doc-commands: %s:%d: %s\n", page, line, reason > "/dev/stderr"; failed = 1; exit 2 }
    function quote(text) { gsub(/\047/, "\047\\\047\047", text); return "\047" text "\047" }
    # The annotation of a command (its lines before any here-document), as status and text.
    function annotate(head,    rest) {
        status = 0; text = ""; skip = blockskip
        if (match(head, /[ \t]# not run: [^\n]*/)) {
            rest = substr(head, RSTART, RLENGTH); sub(/^[ \t]# not run: /, "", rest); skip = rest
        } else if (match(head, /[ \t]# exit [0-9]+/)) {
            rest = substr(head, RSTART); sub(/^[ \t]# exit /, "", rest)
            status = rest; sub(/[^0-9].*$/, "", status)
            if (match(rest, /^[0-9]+, prints "[^"]*"[ \t]*$/)) { text = substr(rest, RSTART, RLENGTH); sub(/^[0-9]+, prints "/, "", text); sub(/"[ \t]*$/, "", text) }
        } else if (match(head, /[ \t]# prints "[^"]*"[ \t]*$/)) {
            text = substr(head, RSTART, RLENGTH); sub(/^[ \t]# prints "/, "", text); sub(/"[ \t]*$/, "", text)
        }
        if (head ~ /# (exit [0-9]+, )?prints "/ && text == "") failat(pendingline, "write `prints \"TEXT\"` last on its line, with TEXT not empty and free of double quotes")
        if (skip == "" && blockskip == "" && head ~ /# not run/) failat(pendingline, "a `# not run` marker needs its reason: `# not run: REASON`")
    }
    function emit(command, expected) {
        if (skip != "") { print "doc_skip " quote(skip) " <<\047DOC_COMMAND_END\047"; print command; print "DOC_COMMAND_END"; return }
        if (expected != "") { print "doc_expect <<\047DOC_EXPECTED_END\047"; printf "%s", expected; print "DOC_EXPECTED_END" }
        print "doc_check " status " " quote(text) " " (expected != "" ? 1 : 0) " <<\047DOC_COMMAND_END\047"
        print command
        print "DOC_COMMAND_END"
    }
    # The here-document delimiter a line opens, or "".
    function heredoc(line,    found) {
        gsub(/<<</, "", line)   # a here-string is no here-document
        if (!match(line, /<<-?[ \t]*[\047"]?[A-Za-z_][A-Za-z0-9_]*/)) return ""
        found = substr(line, RSTART, RLENGTH); sub(/^<<-?[ \t]*[\047"]?/, "", found); return found
    }
    function flush() {
        if (pending == "") return
        annotate(pendinghead); emit(pending, expected); pending = ""; pendinghead = ""; expected = ""
    }
    BEGIN { inside = (between == ""); fence = ""; blockskip = ""; lastline = "" }
    fence == "" && inside && /^<!-- picture: / {
        if (!match($0, /^<!-- picture: [^ ]+ is [^ ]+ -->$/)) fail("write a picture marker as <!-- picture: FILE is PATH -->")
        made = $0; sub(/^<!-- picture: /, "", made); image = made; sub(/ is .*$/, "", made); sub(/^[^ ]+ is /, "", image); sub(/ -->$/, "", image)
        pictures = pictures "doc_picture " quote(made) " " quote(image) "\n"; next
    }
    between != "" && $0 == "<!-- " between ": begin -->" { inside = 1; next }
    between != "" && $0 == "<!-- " between ": end -->" { inside = 0; next }
    fence == "" && /^ *```/ {
        info = $0; sub(/^ *```/, "", info); sub(/[ \t].*$/, "", info)
        fence = (info == "" ? "plain" : info); blockskip = ""
        if (match(lastline, /^<!-- not run: .* -->$/)) { blockskip = lastline; sub(/^<!-- not run: /, "", blockskip); sub(/ -->$/, "", blockskip) }
        if (fence == "bash" || fence == "shell" || fence == "zsh" || fence == "shell-session") fail("write shell blocks as ```sh (or ```console for a transcript), not ```" fence)
        running = inside && (fence == "sh" || fence == "console"); delimiter = ""; pending = ""; expected = ""; continued = 0
        next
    }
    fence != "" && /^ *```[ \t]*$/ {
        if (delimiter != "") fail("the here-document " delimiter " is not closed in its block")
        if (continued) fail("the block ends inside a command continued with \\")
        if (running) flush()
        fence = ""; lastline = $0; next
    }
    fence == "" { if ($0 !~ /^[ \t]*$/) lastline = $0; next }
    fence != "sh" && fence != "console" { if (/^\$ /) fail((fence == "plain" ? "a block without a language" : "a ```" fence " block") " shows a command (`$ …`): make it ```console, or ```sh"); next }
    !running { next }
    # Inside a here-document: its lines belong to the command, up to the delimiter.
    delimiter != "" {
        pending = pending "\n" $0
        line = $0; if (dash) sub(/^\t+/, "", line)
        if (line == delimiter) delimiter = ""
        next
    }
    continued {
        pending = pending "\n" $0; pendinghead = pendinghead "\n" $0
        continued = /\\$/
        if (!continued && (delimiter = heredoc($0)) != "") dash = ($0 ~ /<<-/)
        next
    }
    fence == "sh" {
        if ($0 ~ /^[ \t]*(#.*)?$/) next
        flush()
        pending = $0; pendinghead = $0; pendingline = NR; continued = /\\$/
        if (!continued && (delimiter = heredoc($0)) != "") dash = ($0 ~ /<<-/)
        next
    }
    fence == "console" {
        if (/^\$ /) {
            flush()
            pending = substr($0, 3); pendinghead = pending; pendingline = NR; continued = /\\$/
            if (!continued && (delimiter = heredoc($0)) != "") dash = ($0 ~ /<<-/)
            next
        }
        if (pending == "") { if ($0 ~ /^[ \t]*$/) next; fail("a ```console block starts with a line that is not a `$ COMMAND`") }
        expected = expected $0 "\n"
        next
    }
    END { if (failed) exit 2; if (fence != "") fail("a fenced block is not closed"); printf "%s", pictures }
' "$page" > "$work/page.sh" || exit 2

cat > "$work/run.sh" << 'RUNNER'
doc_run=0 doc_skipped=0 doc_pictures=0 doc_reasons="" doc_start=$PWD
# What a command printed must hold the expected lines in order, adjacent, with a line `…`
# standing for any lines (none included).
doc_matches() {
    awk -v expected="$1" '
        BEGIN { n = 0; while ((getline line < expected) > 0) want[++n] = line; close(expected) }
        { got[++m] = $0 }
        function match_from(i, j,    k) {   # want[i..n] against got[j..m]
            if (i > n) return j > m
            if (want[i] == "…") { for (k = j; k <= m + 1; k++) if (match_from(i + 1, k)) return 1; return 0 }
            return j <= m && got[j] == want[i] && match_from(i + 1, j + 1)
        }
        END { exit match_from(1, 1) ? 0 : 1 }
    ' "$2"
}
doc_expect() { cat > "$doc_dir/expected"; }
doc_check() {
    # The names are the page's shell's too: they start with doc_ to stay out of its way.
    local doc_want=$1 doc_text=$2 doc_compare=$3 doc_command doc_status=0
    doc_command=$(cat)
    printf '$ %s\n' "$doc_command"
    eval "$doc_command"$'\n' < /dev/null > "$doc_dir/out" 2>&1 || doc_status=$?
    sed 's/^/  /' "$doc_dir/out"
    doc_run=$((doc_run + 1))
    if [ "$doc_status" != "$doc_want" ]; then
        echo "doc-commands: $doc_page: FAILED: exit $doc_status, the page says $doc_want: $doc_command"
        exit 1
    fi
    if [ -n "$doc_text" ] && ! grep -qF -- "$doc_text" "$doc_dir/out"; then
        echo "doc-commands: $doc_page: FAILED: it did not print \"$doc_text\": $doc_command"
        exit 1
    fi
    if [ "$doc_compare" = 1 ] && ! doc_matches "$doc_dir/expected" "$doc_dir/out"; then
        echo "doc-commands: $doc_page: FAILED: it printed otherwise than the page shows:"
        sed 's/^/  page | /' "$doc_dir/expected"
        exit 1
    fi
}
# The page's picture (a path relative to the page) against the file its commands drew.
doc_picture() {
    local doc_made=$doc_start/$1 doc_image=$doc_pagedir/$2
    [ -f "$doc_made" ] || { echo "doc-commands: $doc_page: FAILED: the picture $2 is $1, which no command drew"; exit 1; }
    if [ -n "$doc_write_pictures" ]; then
        cp "$doc_made" "$doc_image"
        echo "picture: $2 written from $1"
    elif ! render-keyboard compare "$doc_image" "$doc_made" > "$doc_dir/out" 2>&1; then
        echo "doc-commands: $doc_page: FAILED: the picture $2 is not the $1 the page draws ($(cat "$doc_dir/out")); scripts/doc-images.sh draws it again"
        exit 1
    fi
    doc_pictures=$((doc_pictures + 1))
}
doc_skip() {
    local doc_reason=$1 doc_command
    doc_command=$(cat)
    doc_command=${doc_command%%# not run: *}
    doc_command=${doc_command%"${doc_command##*[! ]}"}
    printf '$ %s\n  (not run: %s)\n' "$doc_command" "$doc_reason"
    doc_skipped=$((doc_skipped + 1))
    doc_reasons="$doc_reasons  not run: $doc_reason: ${doc_command%%$'\n'*}"$'\n'
}
RUNNER
{
    cat "$work/run.sh"
    cat "$work/page.sh"
    echo 'echo "doc-commands: $doc_page: $doc_run run, $doc_skipped not run, $doc_pictures pictures"'
    echo 'printf "%s" "$doc_reasons"'
} > "$work/script.sh"
doc_page=$page doc_dir=$work doc_pagedir=$(cd "$(dirname "$page")" && pwd) doc_write_pictures=$write_pictures bash "$work/script.sh"
