/**
 * Images and pages the demo skills show. SYSTEM-page pictures are small SVGs as data URIs (any client
 * loads them); what real skills reference by URL (album art, app icons, the wallpaper) is served over
 * http by the simulator's GUI port, so the demo works offline.
 */
import { pick, type SkillLang, type Texts } from './skills/words';

function svgDoc(body: string, w = 400, h = 240): string {
	return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${body}</svg>`;
}

function svg(body: string, w = 400, h = 240): string {
	return `data:image/svg+xml;base64,${Buffer.from(svgDoc(body, w, h)).toString('base64')}`;
}

/** An animated picture (SMIL): a sun crossing a hill landscape. */
export const PHOTO_ANIMATION = svg(
	`<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#38bdf8"/></linearGradient></defs>` +
		`<rect width="400" height="240" fill="url(#s)"/>` +
		`<circle cx="60" cy="70" r="26" fill="#facc15"><animate attributeName="cx" values="40;360;40" dur="8s" repeatCount="indefinite"/>` +
		`<animate attributeName="cy" values="90;50;90" dur="8s" repeatCount="indefinite"/></circle>` +
		`<polygon points="0,240 0,170 90,120 170,180 260,110 400,175 400,240" fill="#166534"/>` +
		`<polygon points="0,240 0,205 120,175 230,210 330,185 400,200 400,240" fill="#15803d"/>`
);

export const TOUR_IMAGE = svg(
	`<rect width="400" height="240" fill="#313131"/><circle cx="200" cy="120" r="80" fill="#f70d1a"/>` +
		`<text x="200" y="138" font-family="sans-serif" font-size="54" font-weight="bold" fill="#f1f1f1" text-anchor="middle">OVOS</text>`
);

/** The fun-facts skill's card, in the device's language. */
const CARD_TEXT: Texts<readonly [string, string]> = {
	en: ['Did you know?', 'OpenVoiceOS skills can show their own HTML. This card came from a simulated skill over the GUI protocol.'],
	de: ['Schon gewusst?', 'OpenVoiceOS-Skills können ihr eigenes HTML zeigen. Diese Karte kam von einem simulierten Skill über das GUI-Protokoll.'],
	pt: ['Sabia que…?', 'As skills do OpenVoiceOS podem mostrar o seu próprio HTML. Este cartão veio de uma skill simulada pelo protocolo da GUI.'],
	'pt-BR': ['Você sabia?', 'As skills do OpenVoiceOS podem mostrar seu próprio HTML. Este cartão veio de uma skill simulada pelo protocolo da GUI.']
};

export function htmlCardPage(lang: SkillLang): string {
	const [title, text] = pick(CARD_TEXT, lang);
	return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><style>
body{margin:0;font-family:sans-serif;background:#313131;color:#f1f1f1;display:flex;align-items:center;justify-content:center;height:100vh}
.card{background:#1f2937;border-radius:20px;padding:28px 36px;max-width:80%;box-shadow:0 8px 30px #0008}
h1{margin:0 0 8px;color:#f70d1a;font-size:2rem}p{margin:0;font-size:1.2rem;line-height:1.5}
</style></head><body><div class="card"><h1>${title}</h1>
<p>${text}</p></div></body></html>`;
}

/** The browser skill's page, one per language (English at the old path). */
export function webPagePath(lang: SkillLang): string {
	return lang === 'en' ? '/demo/web-page.html' : `/demo/web-page.${lang}.html`;
}

const WEB_TEXT: Texts<readonly [string, string, string]> = {
	en: ['OVOS web page', 'A web page, framed', 'SYSTEM_UrlFrame loads any address in a web view. The simulated browser skill serves this one itself, so the demo works offline.'],
	de: ['OVOS-Webseite', 'Eine Webseite im Rahmen', 'SYSTEM_UrlFrame lädt jede Adresse in einer Webansicht. Der simulierte Browser-Skill liefert diese Seite selbst aus, so läuft die Demo auch offline.'],
	pt: ['Página web do OVOS', 'Uma página web, emoldurada', 'O SYSTEM_UrlFrame abre qualquer endereço numa vista web. A skill de navegador simulada serve esta página ela própria, por isso a demonstração funciona sem Internet.'],
	'pt-BR': ['Página web do OVOS', 'Uma página web, emoldurada', 'O SYSTEM_UrlFrame abre qualquer endereço em uma visualização web. A própria skill de navegador simulada serve esta página, então a demonstração funciona sem internet.']
};

function webPage(lang: SkillLang): string {
	const [title, heading, text] = pick(WEB_TEXT, lang);
	return (
		`<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title></head>` +
		`<body style="margin:0;font-family:sans-serif;background:#f8fafc;color:#0f172a"><header style="background:#f70d1a;color:#fff;padding:16px 24px;font-size:24px">OpenVoiceOS</header>` +
		`<main style="padding:24px;font-size:18px;line-height:1.6"><h2>${heading}</h2><p>${text}</p></main></body></html>`
	);
}

/** An album cover: a gradient, a record, the title. */
function cover(from: string, to: string, label: string): string {
	return svgDoc(
		`<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
			`<rect width="500" height="500" fill="url(#g)"/><circle cx="250" cy="230" r="150" fill="#111827" opacity="0.85"/>` +
			`<circle cx="250" cy="230" r="45" fill="${from}"/><circle cx="250" cy="230" r="8" fill="#111827"/>` +
			`<text x="250" y="450" font-family="sans-serif" font-size="40" font-weight="bold" fill="#f8fafc" text-anchor="middle">${label}</text>`,
		500,
		500
	);
}

/** Album art of the demo music skill's tracks. */
export const OCP_ART = ['/demo/ocp/blue-lantern.svg', '/demo/ocp/rainy-avenue.svg', '/demo/ocp/slow-orbit.svg'] as const;

export const MUSIC_ICON_SVG = svgDoc(
	`<rect width="128" height="128" rx="28" fill="#7c3aed"/><path d="M52 34v46a14 14 0 1 0 8 12V52l30-8v28a14 14 0 1 0 8 12V26z" fill="#f8fafc"/>`,
	128,
	128
);

/** The wallpapers of the simulated wallpaper manager; the first is set at start (`homescreen.wallpaper.set`). */
export const WALLPAPERS = ['/demo/wallpapers/night-hills.svg', '/demo/wallpapers/dawn.svg'] as const;
function landscape(top: string, middle: string, bottom: string, far: string, near: string): string {
	return svgDoc(
		`<defs><linearGradient id="w" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="0.6" stop-color="${middle}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>` +
			`<rect width="1280" height="800" fill="url(#w)"/><circle cx="1010" cy="170" r="70" fill="#f8fafc" opacity="0.8"/>` +
			`<polygon points="0,800 0,560 220,430 420,560 640,400 900,580 1100,470 1280,540 1280,800" fill="${far}"/>` +
			`<polygon points="0,800 0,660 300,600 560,690 820,620 1080,700 1280,650 1280,800" fill="${near}"/>`,
		1280,
		800
	);
}

const SVG = 'image/svg+xml';

/** Served by the simulator's GUI port (see `listenHttp`). */
export const DEMO_WEB_ASSETS: ReadonlyMap<string, { type: string; body: string }> = new Map([
	...(['en', 'de', 'pt', 'pt-BR'] as const).map((lang): [string, { type: string; body: string }] => [webPagePath(lang), { type: 'text/html; charset=utf-8', body: webPage(lang) }]),
	[OCP_ART[0], { type: SVG, body: cover('#1d4ed8', '#0f172a', 'Blue Lantern') }],
	[OCP_ART[1], { type: SVG, body: cover('#0f766e', '#172554', 'Rainy Avenue') }],
	[OCP_ART[2], { type: SVG, body: cover('#b45309', '#1c1917', 'Slow Orbit') }],
	['/demo/ocp/ocp.svg', { type: SVG, body: cover('#374151', '#111827', 'OCP') }],
	['/demo/ocp/ocp_bg.svg', { type: SVG, body: svgDoc('<rect width="400" height="240" fill="#1f2937"/>') }],
	['/demo/ocp/local-music.svg', { type: SVG, body: MUSIC_ICON_SVG }],
	[WALLPAPERS[0], { type: SVG, body: landscape('#0b1d3a', '#1e3a5f', '#3b5b7a', '#0f2a44', '#0a1f33') }],
	[WALLPAPERS[1], { type: SVG, body: landscape('#312e81', '#9d174d', '#f59e0b', '#3b1d4a', '#1f1030') }]
]);
