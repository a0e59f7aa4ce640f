#!/bin/sh
# Install ovos-screen on a device (a Raspberry Pi beside or on the OVOS device, or any Debian box):
# the built app, its settings file, and two systemd units — the app server (system) and a Chromium
# kiosk on the display (user, in the desktop session). Idempotent: run it again to update; the
# settings file is kept (only the values given as options are changed). Needs Node 20+ and npm,
# and Debian's `chromium` for the kiosk.
#
#   sudo scripts/install.sh                          # OVOS on this machine (127.0.0.1), port 3000
#   sudo scripts/install.sh --ovos-host 192.168.1.20 --port 8080 --user pi
#   sudo scripts/install.sh --uninstall [--purge]    # remove units and app; --purge also settings and data
#   scripts/install.sh --prefix /tmp/root ...        # into a throwaway root (tests); nothing is started
#
# Options:
#   --prefix DIR       install under DIR instead of / (units are enabled with `systemctl --root`)
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

die() { echo "install.sh: $*" >&2; exit 1; }
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
	-h | --help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) die "unknown option $1 (see --help)" ;;
	esac
done

case "$ovos_host" in
*://* | */* | *:*:*) die "--ovos-host takes a host name or address only (e.g. 192.168.1.20), not '$ovos_host'" ;;
esac
case "$port" in
'' | *[!0-9]*) [ -z "$port" ] || die "--port takes a number from 1 to 65535, not '$port'" ;;
*) [ "$port" -ge 1 ] && [ "$port" -le 65535 ] || die "--port takes a number from 1 to 65535, not '$port'" ;;
esac

app="$prefix/opt/ovos-screen"
etc="$prefix/etc/ovos-screen"
settings="$etc/ovos-screen.env"
data="$prefix/var/lib/ovos-screen"
system_units="$prefix/etc/systemd/system"
user_units="$prefix/etc/systemd/user"

# systemctl on the live system, or on the throwaway root (enable/disable only: nothing is started there).
sysctl() {
	if [ -n "$prefix" ]; then
		case "$1" in enable | disable) systemctl --root="$prefix" "$@" >/dev/null 2>&1 || true ;; esac
	elif command -v systemctl >/dev/null 2>&1 && [ -d /run/systemd/system ]; then
		systemctl "$@"
	fi
}

if [ "$action" = uninstall ]; then
	sysctl disable --now ovos-screen.service
	[ -n "$prefix" ] && systemctl --root="$prefix" --global disable ovos-screen-kiosk.service >/dev/null 2>&1 || true
	[ -z "$prefix" ] && command -v systemctl >/dev/null 2>&1 && systemctl --global disable ovos-screen-kiosk.service >/dev/null 2>&1 || true
	rm -f "$system_units/ovos-screen.service" "$user_units/ovos-screen-kiosk.service"
	rm -rf "$app"
	if [ "$purge" = 1 ]; then rm -rf "$etc" "$data"; else echo "kept $settings and $data (add --purge to remove them)"; fi
	sysctl daemon-reload
	echo "ovos-screen removed"
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

# 1. The app: built here (or given), installed with its production dependencies only.
if [ -z "$build_dir" ]; then
	(cd "$here" && npm ci --no-audit --no-fund --loglevel=error && npm run --silent build >/dev/null) || die "the build failed (run 'npm run build' to see why)"
	build_dir="$here/build"
fi
[ -f "$build_dir/index.js" ] || die "$build_dir is not a built app (no index.js)"
mkdir -p "$app.new/build"
# The contents, through the link: `build` is a symlink to the latest build folder.
cp -R "$build_dir/." "$app.new/build"
cp "$here/package.json" "$here/package-lock.json" "$here/.env.example" "$app.new/"
mkdir -p "$app.new/scripts" && cp "$here/scripts/kiosk.sh" "$app.new/scripts/"
(cd "$app.new" && npm ci --omit=dev --no-audit --no-fund --loglevel=error --prefer-offline) || die "installing the app's dependencies failed"
# Swap in one step, so a running app is replaced whole, never half-copied.
rm -rf "$app.old"
[ -d "$app" ] && mv "$app" "$app.old"
mv "$app.new" "$app"
rm -rf "$app.old"

# 2. Settings: written once; later runs change only what was asked.
mkdir -p "$etc" "$data"
if [ ! -f "$settings" ]; then
	cat >"$settings" <<EOF
# ovos-screen settings, read by the app (ovos-screen.service names this file in OVOS_SCREEN_SETTINGS).
# After a change: sudo systemctl restart ovos-screen. A mistake stops the app with one line naming
# the key and this file (journalctl -u ovos-screen). Every key, its default and an example:
# /opt/ovos-screen/.env.example; what the app runs with: its /settings page.
OVOS_HOST=${ovos_host:-127.0.0.1}
OVOS_GUI_PORT=18181
OVOS_BUS_PORT=8181
OVOS_HANDSHAKE=gui
PORT=${port:-3000}
HOST=0.0.0.0
OVOS_SCREEN_DATA_DIR=/var/lib/ovos-screen
# OVOS_SCREEN_TOKEN=
# OVOS_MEDIA_ROOTS=
# OVOS_SCREEN_THEME=auto
# OVOS_SCREEN_LANG=
# OVOS_KIOSK_ROTATE=0
# OVOS_KIOSK_SCALE=1
EOF
	chmod 0640 "$settings"
else
	set_key() { # key value: replace the line, or add it
		if grep -q "^$1=" "$settings"; then sed -i "s|^$1=.*|$1=$2|" "$settings"; else echo "$1=$2" >>"$settings"; fi
	}
	[ -n "$ovos_host" ] && set_key OVOS_HOST "$ovos_host"
	[ -n "$port" ] && set_key PORT "$port"
fi
port=$(sed -n 's/^PORT=//p' "$settings" | tail -1)
[ -z "$prefix" ] && chown -R "$user" "$data" && chgrp "$(id -gn "$user")" "$settings"

# 3. The app server: restarted on failure and capped in memory, so months unattended do not end
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

# 4. The kiosk, a user unit of the desktop session (it needs the session's display): Chromium on
#    /kiosk with its disk cache on tmpfs (no SD-card wear), no background networking, no first-run
#    dialogs, capped in memory and restarted if it dies.
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

sysctl daemon-reload
sysctl enable ovos-screen.service
if [ "$kiosk" = 1 ]; then
	if [ -n "$prefix" ]; then
		systemctl --root="$prefix" --global enable ovos-screen-kiosk.service >/dev/null 2>&1 || true
	elif command -v systemctl >/dev/null 2>&1; then
		systemctl --global enable ovos-screen-kiosk.service >/dev/null 2>&1 || true
	fi
fi
[ -z "$prefix" ] && sysctl restart ovos-screen.service

echo "ovos-screen installed in $app"
echo "  settings: $settings"
echo "  open http://$(hostname 2>/dev/null || echo localhost):$port/ (the kiosk starts with the next desktop login)"
