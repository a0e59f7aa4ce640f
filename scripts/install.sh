#!/bin/sh
# Install ovos-screen on a device (a Raspberry Pi beside or on the OVOS device, or any Debian box):
# the built app, its settings file, and two systemd units — the app server (system) and a Chromium
# kiosk on the display (user, in the desktop session). Idempotent: run it again to update; the
# settings file is kept (only the values given as options are changed). Needs root, Node 20+ and
# npm, and Debian's `chromium` for the kiosk. Without a running systemd (an image built in a chroot)
# both units are enabled all the same and start at the next boot.
#
#   sudo scripts/install.sh                          # OVOS on this machine (127.0.0.1), port 3000
#   sudo scripts/install.sh --ovos-host 192.168.1.20 --port 8080 --user pi
#   sudo scripts/install.sh --uninstall [--purge]    # remove units and app; --purge also settings and data
#   scripts/install.sh --prefix /tmp/root ...        # into a throwaway root (tests); nothing is started
#
# Options:
#   --prefix DIR       install under DIR instead of / (a root that is not running; no root needed)
#   --user NAME        account that runs the app and the kiosk (default: $SUDO_USER, else the caller)
#   --ovos-host HOST   OVOS device (default 127.0.0.1; a host name or address, no scheme or port)
#   --port N           port of the app (default 3000)
#   --no-kiosk         install the app server only (a headless box serving other screens)
#   --build-dir DIR    use this already-built app instead of building one (`npm run build`)
#   --uninstall        remove; with --purge also the settings file and the data folder
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
prefix=""
user="${SUDO_USER:-$(id -un)}"
ovos_host=""
port=""
kiosk=1
build_dir=""
action=install
purge=0

say() { echo "install.sh: $*"; }
die() { echo "install.sh: $*" >&2; exit 1; }
# Runs a noisy command with its output kept aside; shown only when it fails.
quiet() {
	log=$(mktemp)
	if "$@" >"$log" 2>&1; then rm -f "$log"; return 0; fi
	cat "$log" >&2
	rm -f "$log"
	return 1
}

while [ $# -gt 0 ]; do
	case "$1" in
	--prefix) prefix="${2:?--prefix needs a folder}"; shift 2 ;;
	--user) user="${2:?--user needs a name}"; shift 2 ;;
	--ovos-host) ovos_host="${2:?--ovos-host needs a host}"; shift 2 ;;
	--port) port="${2:?--port needs a number}"; shift 2 ;;
	--no-kiosk) kiosk=0; shift ;;
	--build-dir) build_dir="${2:?--build-dir needs a folder}"; shift 2 ;;
	--uninstall) action=uninstall; shift ;;
	--purge) purge=1; shift ;;
	# The comment block above, without its '#'.
	-h | --help) sed -n '2,/^[^#]/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	*) die "unknown option $1 (see --help)" ;;
	esac
done

# Before anything else: everything below writes to /opt, /etc and /var/lib.
if [ -z "$prefix" ] && [ "$(id -u)" != 0 ]; then
	die "needs root (it writes /opt/ovos-screen, /etc/ovos-screen and systemd units): run it with sudo"
fi
if [ -n "$prefix" ]; then
	mkdir -p "$prefix" 2>/dev/null && [ -w "$prefix" ] || die "cannot write to --prefix $prefix"
fi

app="$prefix/opt/ovos-screen"
etc="$prefix/etc/ovos-screen"
settings="$etc/ovos-screen.env"
data="$prefix/var/lib/ovos-screen"
system_units="$prefix/etc/systemd/system"
user_units="$prefix/etc/systemd/user"
# systemd running here (not a chroot, not a throwaway root): then units can be started, not only enabled.
running=0
[ -z "$prefix" ] && [ -d /run/systemd/system ] && running=1

# Enabled the same way with or without a running systemd: systemctl makes the links itself when no
# manager answers (a chroot), and --root does the same for a throwaway root.
enable_units() { # enable|disable
	command -v systemctl >/dev/null 2>&1 || { say "no systemctl here: the units are written but not ${1}d"; return 0; }
	quiet systemctl --root="${prefix:-/}" "$1" ovos-screen.service || die "systemctl $1 ovos-screen.service failed (its output is above)"
	if [ "$kiosk" = 1 ] || [ "$1" = disable ]; then
		[ "$1" = disable ] && [ ! -f "$user_units/ovos-screen-kiosk.service" ] && return 0
		quiet systemctl --root="${prefix:-/}" --global "$1" ovos-screen-kiosk.service || die "systemctl --global $1 ovos-screen-kiosk.service failed (its output is above)"
	fi
}

if [ "$action" = uninstall ]; then
	[ "$running" = 1 ] && systemctl stop ovos-screen.service 2>/dev/null || true
	[ -f "$system_units/ovos-screen.service" ] && enable_units disable
	rm -f "$system_units/ovos-screen.service" "$user_units/ovos-screen-kiosk.service"
	rm -rf "$app"
	if [ "$purge" = 1 ]; then rm -rf "$etc" "$data"; else say "kept $settings and $data (add --purge to remove them)"; fi
	[ "$running" = 1 ] && systemctl daemon-reload
	say "ovos-screen removed"
	exit 0
fi

node_bin=$(command -v node) || die "Node.js 20 or newer is needed (apt-get install nodejs, or from nodejs.org)"
major=$("$node_bin" -p 'process.versions.node.split(".")[0]')
[ "$major" -ge 20 ] || die "Node.js 20 or newer is needed; this is $("$node_bin" -v)"
command -v npm >/dev/null 2>&1 || die "npm is needed with Node.js"
if [ "$kiosk" = 1 ] && ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
	die "the kiosk needs Debian's chromium (apt-get install chromium), or pass --no-kiosk"
fi
if [ -z "$prefix" ]; then
	id "$user" >/dev/null 2>&1 || die "no such user '$user' (see --user)"
fi

# 1. The settings, checked by the app's own check before anything is built or written (its tools come
#    with the build's dependencies).
if [ ! -e "$here/node_modules/tsx" ]; then
	say "installing the tools to check and build with (npm ci)…"
	(cd "$here" && quiet npm ci --no-audit --no-fund) || die "npm ci failed (its output is above)"
fi
# The settings tool prints the port the app will listen on, or the one line that says what is wrong.
settings_tool() {
	err=$(mktemp)
	if port=$(cd "$here" && "$node_bin" scripts/install-settings.mjs "$@" 2>"$err"); then rm -f "$err"; return 0; fi
	msg=$(cat "$err")
	rm -f "$err"
	die "$msg"
}
set --
[ -n "$ovos_host" ] && set -- "$@" "OVOS_HOST=$ovos_host"
[ -n "$port" ] && set -- "$@" "PORT=$port"
settings_tool --check "$settings" "$@"
say "settings checked ($settings)"

# 2. The app: built here (or given), installed with its production dependencies only.
if [ -z "$build_dir" ]; then
	(cd "$here" && quiet npm run build) || die "the build failed (its output is above)"
	build_dir="$here/build"
	say "app built"
fi
[ -f "$build_dir/index.js" ] || die "$build_dir is not a built app (no index.js)"
rm -rf "$app.new"
mkdir -p "$app.new/build"
# The contents, through the link: `build` is a symlink to the latest build folder.
cp -R "$build_dir/." "$app.new/build"
cp "$here/package.json" "$here/package-lock.json" "$here/.env.example" "$app.new/"
mkdir -p "$app.new/scripts" && cp "$here/scripts/kiosk.sh" "$here/scripts/kiosk-chromium.flags" "$app.new/scripts/"
(cd "$app.new" && quiet npm ci --omit=dev --ignore-scripts --no-audit --no-fund --prefer-offline) || die "installing the app's dependencies failed (the output is above)"
# Swap in one step, so a running app is replaced whole, never half-copied.
rm -rf "$app.old"
[ -d "$app" ] && mv "$app" "$app.old"
mv "$app.new" "$app"
rm -rf "$app.old"
say "app installed in $app"

# 3. Settings: written once; later runs change only what was asked (checked again as written).
mkdir -p "$etc" "$data"
settings_tool "$settings" "$@"
[ -z "$prefix" ] && chown -R "$user" "$data" && chgrp "$(id -gn "$user")" "$settings"
say "settings written to $settings"

# 4. The app server: restarted on failure and capped in memory, so months unattended do not end
#    in a dead screen or a starved device.
mkdir -p "$system_units"
cat >"$system_units/ovos-screen.service" <<EOF
[Unit]
Description=ovos-screen: browser screen and dashboard for OpenVoiceOS
After=network-online.target
Wants=network-online.target

[Service]
Type=simple
User=$user
# The app reads the file itself (one parser, and a mistake names the key and the file).
Environment=OVOS_SCREEN_SETTINGS=/etc/ovos-screen/ovos-screen.env
WorkingDirectory=/opt/ovos-screen
ExecStart=$node_bin /opt/ovos-screen/build
Restart=always
RestartSec=2
MemoryMax=400M
TimeoutStopSec=5
NoNewPrivileges=yes
ProtectSystem=strict
ProtectHome=read-only
PrivateTmp=yes
ReadWritePaths=/var/lib/ovos-screen

[Install]
WantedBy=multi-user.target
EOF

# The kiosk, a user unit of the desktop session (it needs the session's display): Chromium on
# /kiosk with its disk cache on tmpfs (no SD-card wear), no background networking, no first-run
# dialogs, capped in memory and restarted if it dies.
if [ "$kiosk" = 1 ]; then
	mkdir -p "$user_units"
	cat >"$user_units/ovos-screen-kiosk.service" <<EOF
[Unit]
Description=ovos-screen kiosk: Chromium full screen on this display
PartOf=graphical-session.target
After=graphical-session.target

[Service]
Type=simple
Environment=OVOS_SCREEN_URL=http://127.0.0.1:$port
Environment=KIOSK_CACHE=%t/ovos-screen-kiosk-cache
ExecStart=/bin/sh /opt/ovos-screen/scripts/kiosk.sh
Restart=always
RestartSec=3
MemoryMax=900M

[Install]
WantedBy=graphical-session.target
EOF
fi
enable_units enable
units="ovos-screen.service (the app)"
[ "$kiosk" = 1 ] && units="$units and ovos-screen-kiosk.service (the kiosk, for every desktop login)"
say "enabled $units"

# 5. What runs now, said plainly.
url="http://$(hostname 2>/dev/null || echo localhost):$port/"
kiosk_note=""
[ "$kiosk" = 1 ] && kiosk_note="; the kiosk starts with $user's next desktop login"
if [ "$running" = 1 ]; then
	systemctl daemon-reload
	systemctl restart ovos-screen.service || die "ovos-screen.service did not start: journalctl -u ovos-screen says why"
	say "started ovos-screen.service: open $url$kiosk_note"
elif [ -n "$prefix" ]; then
	say "nothing started (installed under $prefix): on that system both start at boot, then open $url"
else
	say "nothing started: systemd is not running here (a chroot or an image being built); the app starts at the next boot$kiosk_note; then open $url"
fi
