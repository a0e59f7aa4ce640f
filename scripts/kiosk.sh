#!/bin/sh
# Start Chromium in kiosk mode on the device, showing ovos-screen's /kiosk page.
#
#   scripts/kiosk.sh                         # the installed app, wherever its settings put it
#   OVOS_SCREEN_URL=http://127.0.0.1:3000 KIOSK_OPTIONS='rotate=90&scale=1.25' scripts/kiosk.sh
#
# Where the app is: OVOS_SCREEN_URL when it is set (opened at once); else what the installed app
# says once it listens (KIOSK_TARGET), from the settings it runs with — its port, its address, https
# and the key of its certificate. Until then the kiosk waits, so a device that boots slowly still
# ends on the screen; when the app comes back elsewhere (its settings changed, then a restart) the
# kiosk opens it there.
#
# Environment:
#   OVOS_SCREEN_URL   where ovos-screen runs (default: unset, see above)
#   KIOSK_TARGET      the file the app leaves its local address in (default /run/ovos-screen/kiosk-url,
#                     the runtime folder systemd gives ovos-screen.service; server/addresses.js)
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

target="${KIOSK_TARGET:-/run/ovos-screen/kiosk-url}"
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
#   --ignore-certificate-errors-spki-list
#                                    over https, the app's own certificate, which this browser has no
#                                    reason to trust otherwise (named by its key's hash, handed over by
#                                    the app with its address)
# and those of kiosk-chromium.flags beside this script (what the page costs to run; the benches
# launch with the same file, so they measure what this runs).
flags="$(dirname "$0")/kiosk-chromium.flags"
[ -r "$flags" ] || { echo "kiosk.sh: $flags is missing (install it beside this script)" >&2; exit 1; }
# One flag a line, none with a space: word splitting gives them back as they are (no globbing).
set -f
# shellcheck disable=SC2046
set -- $(sed -e '/^[[:space:]]*#/d' "$flags")
# `url=` and, over https, `spki=` lines: where the app is now ("" while it does not listen).
where() {
	if [ -n "${OVOS_SCREEN_URL:-}" ]; then echo "url=$OVOS_SCREEN_URL"; else cat "$target" 2>/dev/null || true; fi
}
pid=""
trap '[ -z "$pid" ] || kill "$pid" 2>/dev/null; exit 143' TERM INT
said=""
while :; do
	now=$(where)
	url=$(echo "$now" | sed -n 's/^url=//p')
	if [ -z "$url" ]; then
		[ -n "$said" ] || echo "kiosk.sh: waiting for ovos-screen to listen (it says where in $target)" >&2
		said=1
		sleep 1
		continue
	fi
	spki=$(echo "$now" | sed -n 's/^spki=//p')
	"$browser" \
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
		${spki:+--ignore-certificate-errors-spki-list="$spki"} \
		"$@" \
		"$url/kiosk${KIOSK_OPTIONS:+?$KIOSK_OPTIONS}" &
	pid=$!
	# The app somewhere else now: the browser starts again there.
	while kill -0 "$pid" 2>/dev/null; do
		sleep 1
		next=$(where)
		if [ -n "$next" ] && [ "$next" != "$now" ]; then
			echo "kiosk.sh: ovos-screen moved: opening it again" >&2
			kill "$pid" 2>/dev/null || true
			wait "$pid" || true
			said=""
			continue 2
		fi
	done
	status=0
	wait "$pid" || status=$?
	exit "$status"
done
