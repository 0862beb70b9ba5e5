#!/bin/sh
# Puts thirtyone in your desktop's menu, with its icon, for you alone (no root):
#     ./install.sh              the menu entry and icons under ~/.local/share (or $XDG_DATA_HOME)
#     ./install.sh --uninstall  removes them again and leaves nothing behind
# The menu entry starts the program in this folder, so keep the folder where it is (a
# moved or deleted folder hides the entry: TryExec). Your settings and saves are not
# touched either way. build_scripts/build.py --onedir puts this script and share/ here.
set -eu

APP_ID=io.github.thirtyone.Thirtyone
usage="usage: install.sh [--uninstall]"

die() {
    printf 'install.sh: %s\n' "$1" >&2
    exit "${2:-1}"
}

here=$(cd "$(dirname "$0")" && pwd -P)
program="$here/thirtyone"
case "${XDG_DATA_HOME:-}" in
    /*) data="$XDG_DATA_HOME" ;;
    *) data="${HOME:?install.sh: HOME is not set}/.local/share" ;;  # unset, empty or relative: the spec's default
esac

# Writes go to a temporary name beside the target, then are renamed: a reader never sees half a file.
put() {  # put SOURCE TARGET
    mkdir -p "$(dirname "$2")" 2>/dev/null || die "cannot write to $(dirname "$2")"
    cp "$1" "$2.tmp.$$" 2>/dev/null || die "cannot write $2"
    chmod 644 "$2.tmp.$$"
    mv -f "$2.tmp.$$" "$2"
}

# The program's path as one argument of an Exec line (desktop entry spec): quoted, with \ " ` $
# escaped for the quoting and every backslash escaped once more for the string (no % gets here).
exec_argument() {
    printf '"%s"' "$(printf '%s' "$1" | sed -e 's/[\\"`$]/\\&/g' -e 's/\\/\\\\/g')"
}

entry_for_this_folder() {  # the shipped entry with Exec and TryExec pointing at this folder's program
    exec_line="Exec=$(exec_argument "$program")"
    try_line="TryExec=$(printf '%s' "$program" | sed -e 's/\\/\\\\/g')"
    while IFS= read -r line; do
        case "$line" in
            Exec=*) printf '%s\n%s\n' "$try_line" "$exec_line" ;;
            TryExec=*) ;;
            *) printf '%s\n' "$line" ;;
        esac
    done < "$here/share/applications/$APP_ID.desktop"
}

install_all() {
    [ -x "$program" ] || die "no program at $program: run install.sh from the unpacked thirtyone folder"
    # GLib (GNOME, Xfce) looks for the program before it undoes the entry's %% escape, so it would
    # hide an entry whose path holds a %; a line break cannot be written in an entry at all.
    case "$program" in
        *%* | *"
"*) die "a menu entry cannot name a folder whose path holds % or a line break; move the folder and run install.sh again" ;;
    esac
    entry="$data/applications/$APP_ID.desktop"
    mkdir -p "$data/applications" 2>/dev/null || die "cannot write to $data/applications"
    entry_for_this_folder > "$entry.tmp.$$" 2>/dev/null || die "cannot write $entry"
    chmod 644 "$entry.tmp.$$"
    for icon in "$here"/share/icons/hicolor/*/apps/"$APP_ID".png; do
        size=$(basename "$(dirname "$(dirname "$icon")")")
        put "$icon" "$data/icons/hicolor/$size/apps/$APP_ID.png"
    done
    put "$here/share/metainfo/$APP_ID.metainfo.xml" "$data/metainfo/$APP_ID.metainfo.xml"
    mv -f "$entry.tmp.$$" "$entry"  # last: the menu shows the entry once its icon is there
    echo "thirtyone is in your menu: $entry"
    echo "to remove it: $here/install.sh --uninstall"
}

uninstall_all() {
    rm -f "$data/applications/$APP_ID.desktop" "$data/metainfo/$APP_ID.metainfo.xml" \
        "$data"/icons/hicolor/*/apps/"$APP_ID".png
    # Folders this left empty go too (rmdir keeps any that hold something else).
    for dir in "$data"/icons/hicolor/*/apps; do
        [ -d "$dir" ] || continue
        rmdir "$dir" 2>/dev/null || continue
        rmdir "$(dirname "$dir")" 2>/dev/null || true
    done
    for dir in "$data/icons/hicolor" "$data/icons" "$data/applications" "$data/metainfo"; do
        rmdir "$dir" 2>/dev/null || true
    done
    echo "thirtyone's menu entry and icons are removed from $data (this folder and your saves stay)"
}

case "$#:${1:-}" in
    0:) install_all ;;
    1:--uninstall) uninstall_all ;;
    1:-h | 1:--help) echo "$usage"; sed -n '2,4s/^# \{0,1\}//p' "$0" ;;
    *) printf '%s\ninstall.sh: unknown argument: %s\n' "$usage" "$*" >&2; exit 2 ;;
esac
