/** Images the demo skills show: small SVGs as data URIs, so no file server is needed and any client can load them. */
function svg(body: string, w = 400, h = 240): string {
	const doc = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${body}</svg>`;
	return `data:image/svg+xml;base64,${Buffer.from(doc).toString('base64')}`;
}

export const TIMER_IMAGE = svg(
	`<rect width="400" height="240" fill="#0f172a"/><circle cx="200" cy="125" r="90" fill="none" stroke="#f1f1f1" stroke-width="10"/>` +
		`<rect x="185" y="18" width="30" height="18" rx="4" fill="#f1f1f1"/><line x1="200" y1="125" x2="200" y2="60" stroke="#f70d1a" stroke-width="8" stroke-linecap="round"/>` +
		`<line x1="200" y1="125" x2="245" y2="150" stroke="#f1f1f1" stroke-width="6" stroke-linecap="round"/><circle cx="200" cy="125" r="8" fill="#f70d1a"/>`
);

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

export const HTML_CARD = `<!doctype html><html><head><meta charset="utf-8"><style>
body{margin:0;font-family:sans-serif;background:#313131;color:#f1f1f1;display:flex;align-items:center;justify-content:center;height:100vh}
.card{background:#1f2937;border-radius:20px;padding:28px 36px;max-width:80%;box-shadow:0 8px 30px #0008}
h1{margin:0 0 8px;color:#f70d1a;font-size:2rem}p{margin:0;font-size:1.2rem;line-height:1.5}
</style></head><body><div class="card"><h1>Did you know?</h1>
<p>OpenVoiceOS skills can show their own HTML. This card came from a simulated skill over the GUI protocol.</p></div></body></html>`;

export const WEB_PAGE_PATH = '/demo/web-page.html';

const WEB_PAGE = (
	`<!doctype html><html><head><meta charset="utf-8"><title>OVOS web page</title></head>` +
		`<body style="margin:0;font-family:sans-serif;background:#f8fafc;color:#0f172a"><header style="background:#f70d1a;color:#fff;padding:16px 24px;font-size:24px">OpenVoiceOS</header>` +
		`<main style="padding:24px;font-size:18px;line-height:1.6"><h2>A web page, framed</h2><p>SYSTEM_UrlFrame loads any address in a web view. ` +
		`The simulated browser skill serves this one itself, so the demo works offline.</p></main></body></html>`
);

/** Served by the simulator's GUI port (see `listenHttp`). */
export const DEMO_WEB_ASSETS: ReadonlyMap<string, { type: string; body: string }> = new Map([
	[WEB_PAGE_PATH, { type: 'text/html; charset=utf-8', body: WEB_PAGE }]
]);
