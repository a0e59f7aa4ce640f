#!/bin/sh
# Start Chromium in kiosk mode on the device, showing ovos-screen's /kiosk page.
#
#   scripts/kiosk.sh                         # http://127.0.0.1:3000/kiosk
#   OVOS_SCREEN_URL=http://127.0.0.1:3000 KIOSK_OPTIONS='rotate=90&scale=1.25' scripts/kiosk.sh
#
# Environment:
#   OVOS_SCREEN_URL   where ovos-screen runs (default http://127.0.0.1:3000)
#   KIOSK_OPTIONS     query options for /kiosk: host=…, guiPort=…, rotate=0|90|180|270, scale=0.5..3,
#                     cursor=<seconds before the cursor hides, 0 = always hidden>; rotation and scale
#                     are better set once as OVOS_KIOSK_ROTATE / OVOS_KIOSK_SCALE in the app's settings
#   CHROMIUM          browser binary (default: chromium, then chromium-browser)
#   KIOSK_PROFILE     profile folder (default ~/.cache/ovos-screen-kiosk), kept between runs
#   KIOSK_CACHE       disk cache folder (default: on tmpfs under $XDG_RUNTIME_DIR when there is one,
#                     so an SD card is not worn by cache writes)
#
# Leave kiosk mode from the page: hold the top-left corner for 2 s, or press Shift+Escape.
set -eu

url="${OVOS_SCREEN_URL:-http://127.0.0.1:3000}/kiosk"
[ -n "${KIOSK_OPTIONS:-}" ] && url="$url?$KIOSK_OPTIONS"
profile="${KIOSK_PROFILE:-${XDG_CACHE_HOME:-$HOME/.cache}/ovos-screen-kiosk}"
browser="${CHROMIUM:-}"
if [ -z "$browser" ]; then
	for b in chromium chromium-browser; do
		if command -v "$b" >/dev/null 2>&1; then browser="$b"; break; fi
	done
fi
[ -n "$browser" ] || { echo "kiosk.sh: no chromium found (set CHROMIUM=/path/to/chromium)" >&2; exit 1; }
mkdir -p "$profile"
cache="${KIOSK_CACHE:-${XDG_RUNTIME_DIR:+$XDG_RUNTIME_DIR/ovos-screen-kiosk-cache}}"

# Flags, and why:
#   --kiosk                          full screen, no browser UI, no way out through the browser
#   --user-data-dir                  a profile of its own (no restore prompts from a desktop profile)
#   --noerrdialogs --disable-infobars --no-first-run --disable-session-crashed-bubble
#                                    no dialogs, bars or bubbles over the screen after a crash or update
#   --disable-features=Translate,TranslateUI,InfiniteSessionRestore,SpareRendererForSitePerProcess
#                                    (no spare renderer process kept warm: a kiosk opens no tabs)
#                                    no translate offer, no session restore
#   --autoplay-policy=no-user-gesture-required
#                                    skill media may start without a tap
#   --check-for-update-interval=31536000
#                                    no update nags on an appliance
#   --overscroll-history-navigation=0 --disable-pinch
#                                    a swipe between pages never navigates back, and pinch never zooms
#   --password-store=basic           no keyring prompt on a headless-login device
#   --disable-background-networking --disable-component-update --disable-sync
#                                    no calls home, no component downloads: an appliance on a LAN
#   --disk-cache-dir                 the cache on tmpfs (KIOSK_CACHE), not on the SD card
# and those of kiosk-chromium.flags beside this script (what the page costs to run; the benches
# launch with the same file, so they measure what this runs).
flags="$(dirname "$0")/kiosk-chromium.flags"
[ -r "$flags" ] || { echo "kiosk.sh: $flags is missing (install it beside this script)" >&2; exit 1; }
# One flag a line, none with a space: word splitting gives them back as they are (no globbing).
set -f
# shellcheck disable=SC2046
set -- $(sed -e '/^[[:space:]]*#/d' "$flags")
exec "$browser" \
	--kiosk \
	--user-data-dir="$profile" \
	--noerrdialogs \
	--disable-infobars \
	--no-first-run \
	--disable-session-crashed-bubble \
	--disable-features=Translate,TranslateUI,InfiniteSessionRestore,SpareRendererForSitePerProcess \
	--autoplay-policy=no-user-gesture-required \
	--check-for-update-interval=31536000 \
	--overscroll-history-navigation=0 \
	--disable-pinch \
	--password-store=basic \
	--disable-background-networking \
	--disable-component-update \
	--disable-sync \
	${cache:+--disk-cache-dir="$cache"} \
	"$@" \
	"$url"
