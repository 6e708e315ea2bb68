#!/usr/bin/env bash
# Redraws the app icons (public/icons/*.png, public/apple-touch-icon.png, extension/icons/*.png) from the favicon's link
# glyph with headless Chromium. Run by hand after changing the logo; the PNGs are committed.
set -euo pipefail
cd "$(dirname "$0")/.."
chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
glyph='<g fill="none" stroke="#fff" stroke-width="2.4" stroke-linecap="round"><path d="M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71"/><path d="M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71"/></g>'
draw() { # output size svg-content
  printf '<!doctype html><html><head><style>html,body{margin:0;background:transparent}svg{display:block;width:%spx;height:%spx}</style></head><body><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">%s</svg></body></html>' "$2" "$2" "$3" >"$tmp/icon.html"
  "$chromium" --headless=new --no-sandbox --disable-gpu --hide-scrollbars --default-background-color=00000000 \
    --window-size="$2,$2" --screenshot="$1" "file://$tmp/icon.html" 2>/dev/null
}
mkdir -p public/icons
# "any" icons keep the favicon's rounded corners; maskable and Apple ones are full squares with the
# glyph inside the safe zone, as launchers and iOS cut their own shape.
draw public/icons/icon-192.png 192 "<rect width=\"32\" height=\"32\" rx=\"8\" fill=\"#4f46e5\"/><g transform=\"translate(4 4)\">$glyph</g>"
draw public/icons/icon-512.png 512 "<rect width=\"32\" height=\"32\" rx=\"8\" fill=\"#4f46e5\"/><g transform=\"translate(4 4)\">$glyph</g>"
draw public/icons/icon-maskable-512.png 512 "<rect width=\"32\" height=\"32\" fill=\"#4f46e5\"/><g transform=\"translate(8 8) scale(0.6667)\">$glyph</g>"
draw public/apple-touch-icon.png 180 "<rect width=\"32\" height=\"32\" fill=\"#4f46e5\"/><g transform=\"translate(6 6) scale(0.8333)\">$glyph</g>"
# The browser extension's toolbar and store icons (decision 069).
mkdir -p extension/icons
for size in 16 32 48 128; do
  draw "extension/icons/icon-$size.png" "$size" "<rect width=\"32\" height=\"32\" rx=\"8\" fill=\"#4f46e5\"/><g transform=\"translate(4 4)\">$glyph</g>"
done
