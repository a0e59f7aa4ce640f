#!/bin/sh
# Install ovos-screen on a device (a Raspberry Pi beside or on the OVOS device, or any Debian box):
# the built app, its settings file and two systemd units — the app server (system) and a Chromium
# kiosk on the display (user, in the desktop session). Run it again to update: what has not changed
# (the build, the app's dependencies, a running service) is left as it is, and the settings file is
# kept (only the values given as options are changed). Needs root, Node 20+ and npm, and Debian's
# `chromium` for the kiosk. Without a running systemd (an image built in a chroot) both units are
# enabled all the same and start at the next boot. docs/install.md says more.
#
#   sudo scripts/install.sh                          # OVOS on this machine (127.0.0.1), port 3000
#   sudo scripts/install.sh --ovos-host 192.168.1.20 --port 8080 --user pi
#   sudo scripts/install.sh --tls                    # https, with a certificate made for this device
#   sudo scripts/install.sh --uninstall [--purge]    # remove units and app; --purge also settings and data
#   scripts/install.sh --prefix /tmp/root ...        # into a throwaway root (tests); nothing is started
#
# Options:
#   --prefix DIR       install under DIR instead of / (a root that is not running; no root needed)
#   --user NAME        account that runs the app (default: the one an earlier install chose, else
#                      $SUDO_USER, else the system user ovos-screen, made for it; never root)
#   --ovos-host HOST   OVOS device (default 127.0.0.1; a host name or address, no scheme or port)
#   --port N           port of the app (default 3000; below 1024 the service is allowed to bind it)
#   --tls              serve https with a self-signed certificate for this device's names and
#                      addresses (kept on later runs; made again when it ends within 30 days or
#                      no longer names them)
#   --no-kiosk         install the app server only (a headless box serving other screens)
#   --build-dir DIR    use this already-built app instead of building one
#   --uninstall        remove; with --purge also the settings file and the data folder
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
prefix=""
user=""
ovos_host=""
port=""
tls=0
kiosk=1
build_dir=""
action=install
purge=0
# The account the app runs as when no one is named (not root: the app needs no privilege).
system_user=ovos-screen

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
# An option's value is there (and is not the next option), or one line says what the option needs.
need() { # OPTION WHAT VALUE
	case "$3" in '' | -*) die "$1 needs $2 (see --help)" ;; esac
}

while [ $# -gt 0 ]; do
	case "$1" in
	--prefix) need "$1" 'a folder' "${2-}"; prefix=$2; shift 2 ;;
	--user) need "$1" 'a user name' "${2-}"; user=$2; shift 2 ;;
	--ovos-host) need "$1" 'a host name or address' "${2-}"; ovos_host=$2; shift 2 ;;
	--port) need "$1" 'a port number' "${2-}"; port=$2; shift 2 ;;
	--tls) tls=1; shift ;;
	--no-kiosk) kiosk=0; shift ;;
	--build-dir) need "$1" 'a folder' "${2-}"; build_dir=$2; shift 2 ;;
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
# The system user, declared for systemd-sysusers: made now on this machine, and at boot on an image.
sysusers="$prefix/etc/sysusers.d/ovos-screen.conf"
# The certificate --tls makes, as the app on the device finds it.
tls_dir=/etc/ovos-screen/tls
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
	if [ "$purge" = 1 ]; then
		rm -rf "$etc" "$data"
		# The system user goes with its files (only the one this installer made).
		if [ -f "$sysusers" ] && [ -z "$prefix" ] && id "$system_user" >/dev/null 2>&1; then userdel "$system_user" 2>/dev/null || true; fi
		rm -f "$sysusers"
	else
		say "kept $settings and $data (add --purge to remove them)"
	fi
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

# Who runs the app: the one named, else the one an earlier install chose, else the one who ran sudo,
# else a system user of its own — never root, which a web server on the network does not need.
if [ -z "$user" ] && [ -f "$system_units/ovos-screen.service" ]; then
	user=$(sed -n 's/^User=//p' "$system_units/ovos-screen.service")
	[ "$user" = root ] && user="" && say "the app ran as root: from now on it runs as an unprivileged user"
fi
if [ -z "$user" ]; then
	if [ -n "${SUDO_USER:-}" ] && [ "$SUDO_USER" != root ]; then user=$SUDO_USER; else user=$system_user; fi
fi
[ "$user" = root ] || [ "$user" = 0 ] && die "--user root: the app needs no root; leave --user out to run it as the system user $system_user"
if [ -z "$prefix" ] && [ "$user" != "$system_user" ]; then
	id "$user" >/dev/null 2>&1 || die "no such user '$user' (see --user)"
fi

# 1. The settings, checked by the app's own check before anything is built or written (its tools come
#    with the build's dependencies, installed again when the lock file changed since).
if [ ! -e "$here/node_modules/tsx" ] || [ "$here/package-lock.json" -nt "$here/node_modules/.package-lock.json" ]; then
	say "installing the tools to check and build with (npm ci)…"
	(cd "$here" && quiet npm ci --no-audit --no-fund) || die "npm ci failed (its output is above)"
fi
# The settings tool prints what the service is built with (KEY=value lines), or the one line that
# says what is wrong.
settings_tool() {
	err=$(mktemp)
	if report=$(cd "$here" && "$node_bin" scripts/install-settings.mjs ${prefix:+--root "$prefix"} "$@" 2>"$err"); then rm -f "$err"; return 0; fi
	msg=$(cat "$err")
	rm -f "$err"
	die "$msg"
}
reported() { printf '%s\n' "$report" | sed -n "s/^$1=//p"; }
set --
[ -n "$ovos_host" ] && set -- "$@" "OVOS_HOST=$ovos_host"
[ -n "$port" ] && set -- "$@" "PORT=$port"
settings_tool --check "$settings" "$@"
data_dir=$(reported OVOS_SCREEN_DATA_DIR)
case "$data_dir" in '') data_dir=/opt/ovos-screen/.data ;; /*) ;; *) data_dir="/opt/ovos-screen/$data_dir" ;; esac
# The certificate: made (or renewed) here when asked for, or when the settings name the one made here
# before; a certificate of the person's own that the settings name is theirs to keep.
tls_cert=$(reported OVOS_SCREEN_TLS_CERT)
make_tls=0
if [ "$tls" = 1 ] && [ -n "$tls_cert" ] && [ "$tls_cert" != "$tls_dir/cert.pem" ]; then
	say "--tls: the settings name a certificate of their own ($tls_cert): kept, none made"
elif [ "$tls" = 1 ] || [ "$tls_cert" = "$tls_dir/cert.pem" ]; then
	make_tls=1
	command -v openssl >/dev/null 2>&1 || die "--tls makes its certificate with openssl (apt-get install openssl)"
fi
case "$data_dir/" in /opt/ovos-screen/*) die "OVOS_SCREEN_DATA_DIR=$data_dir (in $settings) is inside the app's folder, which every update replaces: set it to /var/lib/ovos-screen" ;; esac
say "settings checked ($settings)"

# 2. The account. Made when it is the system user and missing; then what it must reach, tried as it.
if [ "$user" = "$system_user" ]; then
	mkdir -p "$(dirname "$sysusers")"
	printf '%s\n' "# The account ovos-screen.service runs as (written by ovos-screen's install.sh)." \
		"u $system_user - \"ovos-screen web app\" /var/lib/ovos-screen" >"$sysusers"
	if [ -z "$prefix" ] && ! id "$user" >/dev/null 2>&1; then
		if command -v systemd-sysusers >/dev/null 2>&1; then quiet systemd-sysusers "$sysusers"; else quiet useradd --system --user-group --home-dir /var/lib/ovos-screen --no-create-home --shell /usr/sbin/nologin "$user"; fi || die "could not make the system user $user (the output is above)"
		say "made the system user $user to run the app (--user NAME names another: the user OVOS runs as, to serve OVOS's own media files)"
	else
		say "the app runs as the system user $user (--user NAME names another: the user OVOS runs as, to serve OVOS's own media files)"
	fi
else
	say "the app runs as $user"
fi
# Through a shell: setpriv looks its command up before it has dropped root's powers; the shell as the user.
as_user() { setpriv --reuid="$(id -u "$user")" --regid="$(id -g "$user")" --init-groups -- /bin/sh -c 'exec "$@"' sh "$@"; }
if [ -z "$prefix" ]; then
	as_user "$node_bin" -e 0 2>/dev/null || die "$user cannot run $node_bin (Node.js in a home folder?): install Node.js for everyone (apt-get install nodejs), or pass --user"
fi

# 3. The app: built here unless nothing changed since the last build (or given), installed with its
#    production dependencies only; left as it is when the installed copy is the same.
if [ -z "$build_dir" ]; then
	(cd "$here" && "$node_bin" scripts/build-app.mjs install.sh) || exit 1
	build_dir="$here/build"
fi
[ -f "$build_dir/index.js" ] || die "$build_dir is not a built app (no index.js)"
shipped="package.json package-lock.json .env.example LICENSE scripts/kiosk.sh scripts/kiosk-chromium.flags"
same_app() {
	[ -d "$app/node_modules" ] && diff -rq "$build_dir/" "$app/build/" >/dev/null 2>&1 || return 1
	for f in $shipped; do cmp -s "$here/$f" "$app/$f" || return 1; done
}
same_deps() {
	[ -d "$app/node_modules" ] && cmp -s "$here/package.json" "$app/package.json" && cmp -s "$here/package-lock.json" "$app/package-lock.json"
}
app_changed=0
if same_app; then
	say "app in $app unchanged: left as it is"
else
	app_changed=1
	rm -rf "$app.new"
	mkdir -p "$app.new/build" "$app.new/scripts"
	# The contents, through the link: `build` is a symlink to the latest build folder.
	cp -R "$build_dir/." "$app.new/build"
	for f in $shipped; do cp "$here/$f" "$app.new/$f"; done
	if same_deps; then
		cp -R "$app/node_modules" "$app.new/"
	else
		(cd "$app.new" && quiet npm ci --omit=dev --ignore-scripts --no-audit --no-fund --prefer-offline) || die "installing the app's dependencies failed (the output is above)"
	fi
	# Readable by the app's user whatever root's umask was.
	chmod -R u=rwX,go=rX "$app.new"
	# Swap in one step, so a running app is replaced whole, never half-copied.
	rm -rf "$app.old"
	[ -d "$app" ] && mv "$app" "$app.old"
	mv "$app.new" "$app"
	rm -rf "$app.old"
	say "app installed in $app"
fi

# 4. Settings: written once; later runs change only what was asked (checked again as written), then
#    what the service will read and write is tried as its user.
mkdir -p "$etc"
tls_changed=0
# A self-signed certificate for every name and address this machine answers to (server/addresses.js),
# kept while it still names them all and has a month to run. It may vouch for those names only (name
# constraints), so a phone that trusts it trusts nothing else by it; 825 days, the most a phone
# accepts for a server's certificate. docs/install.md says how a phone trusts it.
certificate() {
	cert="$prefix$tls_dir/cert.pem"
	key="$prefix$tls_dir/key.pem"
	names=$("$node_bin" "$here/server/addresses.js" names)
	why="none yet"
	if [ -s "$cert" ] && [ -s "$key" ]; then
		why=""
		openssl x509 -in "$cert" -noout -checkend 2592000 >/dev/null 2>&1 || why="the old one ends within 30 days"
		for n in $names; do
			[ -n "$why" ] && break
			case "$n" in DNS:*) check=-checkhost ;; *) check=-checkip ;; esac
			openssl x509 -in "$cert" -noout "$check" "${n#*:}" 2>/dev/null | grep -q ' does match ' || why="the old one does not name ${n#*:}"
		done
	fi
	if [ -z "$why" ]; then
		say "certificate $tls_dir/cert.pem kept (it names this machine's names and addresses)"
		return 0
	fi
	permitted=""
	for n in $names; do
		case "$n" in IP:*:*) n="$n/ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff" ;; IP:*) n="$n/255.255.255.255" ;; esac
		permitted="$permitted${permitted:+,}permitted;$n"
	done
	mkdir -p "$prefix$tls_dir"
	conf=$(mktemp)
	printf '%s\n' '[req]' 'distinguished_name = dn' 'x509_extensions = ext' 'prompt = no' '[dn]' "CN = $(hostname) (ovos-screen)" '[ext]' \
		"subjectAltName = $(echo $names | tr ' ' ,)" 'basicConstraints = critical,CA:TRUE,pathlen:0' \
		'keyUsage = critical,digitalSignature,keyCertSign' 'extendedKeyUsage = serverAuth' 'subjectKeyIdentifier = hash' \
		"nameConstraints = critical,$permitted" >"$conf"
	(umask 077 && quiet openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 825 -config "$conf" -keyout "$key.new" -out "$cert.new") ||
		{ rm -f "$conf" "$key.new" "$cert.new"; die "openssl could not make the certificate (its output is above)"; }
	rm -f "$conf"
	chmod 644 "$cert.new"
	mv "$key.new" "$key"
	mv "$cert.new" "$cert"
	tls_changed=1
	fingerprint=$(openssl x509 -in "$cert" -noout -fingerprint -sha256 | sed 's/^[^=]*=//')
	say "made a certificate for this machine ($why): $tls_dir/cert.pem, SHA-256 $fingerprint"
	say "a phone trusts it once it has it installed (docs/install.md, HTTPS), or once its browser shows this same fingerprint and is told to go on"
}
if [ "$make_tls" = 1 ]; then
	certificate
	set -- "$@" "OVOS_SCREEN_TLS_CERT=$tls_dir/cert.pem" "OVOS_SCREEN_TLS_KEY=$tls_dir/key.pem"
fi
settings_tool "$settings" "$@"
settings_changed=0
[ "$(reported CHANGED)" = yes ] && settings_changed=1 && say "settings written to $settings"
port=$(reported PORT)
scheme=http
[ -n "$(reported OVOS_SCREEN_TLS_CERT)" ] && scheme=https
mkdir -p "$prefix$data_dir"
if [ -z "$prefix" ]; then
	chown -R "$user:$(id -gn "$user")" "$data_dir"
	chgrp "$(id -gn "$user")" "$settings"
	as_user test -r "$settings" || die "$user cannot read $settings (a folder on its way closed to it?)"
	# The key made here is the app's alone.
	if [ "$make_tls" = 1 ]; then
		chown "$user" "$tls_dir/key.pem"
		chmod 600 "$tls_dir/key.pem"
		as_user test -r "$tls_dir/key.pem" || die "$user cannot read $tls_dir/key.pem (a folder on its way closed to it?)"
	fi
	as_user test -w "$data_dir" || die "$user cannot write OVOS_SCREEN_DATA_DIR=$data_dir (a folder on its way closed to it?)"
fi

# 5. The app server: restarted on failure and capped in memory, so months unattended do not end in a
#    dead screen or a starved device. Ports below 1024 are privileged: the service (never root) is
#    allowed that one thing, and only when it needs it.
bind=""
if [ "$port" -lt 1024 ]; then
	bind="# PORT=$port is below 1024: binding it is the one privilege the service gets.
AmbientCapabilities=CAP_NET_BIND_SERVICE
CapabilityBoundingSet=CAP_NET_BIND_SERVICE"
	say "port $port is below 1024: ovos-screen.service may bind it (AmbientCapabilities=CAP_NET_BIND_SERVICE, nothing else)"
fi
# The data folder: the default one is systemd's to make and hand to the user; another is named writable.
state="StateDirectory=ovos-screen"
[ "$data_dir" = /var/lib/ovos-screen ] || state="$state
ReadWritePaths=$data_dir"
mkdir -p "$system_units"
unit_changed=0
write_unit() { # FILE (the text on stdin): replaced only when it differs
	cat >"$1.new"
	if cmp -s "$1.new" "$1"; then rm -f "$1.new"; else mv "$1.new" "$1"; unit_changed=1; fi
}
write_unit "$system_units/ovos-screen.service" <<EOF
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
$state
# The app leaves its local address here once it listens; the kiosk waits for it (kiosk.sh).
RuntimeDirectory=ovos-screen
RuntimeDirectoryMode=0755
$bind

[Install]
WantedBy=multi-user.target
EOF

# The kiosk, a user unit of the desktop session (it needs the session's display): Chromium on
# /kiosk with its disk cache on tmpfs (no SD-card wear), no background networking, no first-run
# dialogs, capped in memory and restarted if it dies. Where the app is, it learns from the app.
if [ "$kiosk" = 1 ]; then
	mkdir -p "$user_units"
	write_unit "$user_units/ovos-screen-kiosk.service" <<EOF
[Unit]
Description=ovos-screen kiosk: Chromium full screen on this display
PartOf=graphical-session.target
After=graphical-session.target

[Service]
Type=simple
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

# 6. What runs now, said plainly, with the addresses a phone can open.
where=$("$node_bin" "$here/server/addresses.js" "$scheme" "$port")
where=${where:+open $where}
where=${where:-"this machine has no network address yet (once it has, the app's log names them: journalctl -u ovos-screen)"}
kiosk_note=""
[ "$kiosk" = 1 ] && kiosk_note="; the kiosk starts with the next desktop login"
if [ "$running" = 1 ]; then
	systemctl daemon-reload
	if [ "$app_changed$settings_changed$unit_changed$tls_changed" = 0000 ] && systemctl is-active --quiet ovos-screen.service; then
		say "nothing changed: ovos-screen.service keeps running; $where$kiosk_note"
	else
		systemctl restart ovos-screen.service || die "ovos-screen.service did not start: journalctl -u ovos-screen says why"
		say "started ovos-screen.service: $where$kiosk_note"
	fi
elif [ -n "$prefix" ]; then
	say "nothing started (installed under $prefix): on that system both start at boot, and the app's first log line (journalctl -u ovos-screen) names the addresses to open"
else
	say "nothing started: systemd is not running here (a chroot or an image being built); the app starts at the next boot$kiosk_note; then $where"
fi
