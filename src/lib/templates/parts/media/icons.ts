/** Our own media icons on a 24×24 grid: `fill` shapes are solid, the rest are 2 px strokes. */
export interface IconShape {
	readonly d: string;
	readonly fill: boolean;
}

export const ICONS = {
	previous: { d: 'M6 5h2.5v14H6zM19 5.5v13L9.5 12z', fill: true },
	next: { d: 'M15.5 5H18v14h-2.5zM5 5.5v13l9.5-6.5z', fill: true },
	play: { d: 'M7 4.5v15l12.5-7.5z', fill: true },
	pause: { d: 'M6.5 4.5h4v15h-4zM13.5 4.5h4v15h-4z', fill: true },
	stop: { d: 'M6 6h12v12H6z', fill: true },
	repeat: { d: 'M4 11V9a3 3 0 0 1 3-3h12m-3-3 3 3-3 3M20 13v2a3 3 0 0 1-3 3H5m3 3-3-3 3-3', fill: false },
	repeatTrack: { d: 'M4 11V9a3 3 0 0 1 3-3h12m-3-3 3 3-3 3M20 13v2a3 3 0 0 1-3 3H5m3 3-3-3 3-3M11.5 10.5 13 9.5v5', fill: false },
	shuffle: { d: 'M3 7h3.5c4.5 0 6.5 10 11 10H21m-3-3 3 3-3 3M3 17h3.5c1.6 0 2.8-1.3 3.8-3M13.7 10c1-1.7 2.2-3 3.8-3H21m-3-3 3 3-3 3', fill: false },
	close: { d: 'M6 6l12 12M18 6 6 18', fill: false },
	apps: { d: 'M5 5h4v4H5zM10 5h4v4h-4zM15 5h4v4h-4zM5 10h4v4H5zM10 10h4v4h-4zM15 10h4v4h-4zM5 15h4v4H5zM10 15h4v4h-4zM15 15h4v4h-4z', fill: true },
	note: { d: 'M9 18.5V6l11-2v12.5M9 18.5a2.5 2.5 0 1 1-5 0 2.5 2.5 0 0 1 5 0zM20 16.5a2.5 2.5 0 1 1-5 0 2.5 2.5 0 0 1 5 0zM9 10l11-2', fill: false },
	search: { d: 'M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM15.5 15.5 21 21', fill: false },
	video: { d: 'M3 6h13v12H3zM16 10l5-3v10l-5-3', fill: false },
	web: { d: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c2.5 2.6 3.5 5.6 3.5 9s-1 6.4-3.5 9c-2.5-2.6-3.5-5.6-3.5-9s1-6.4 3.5-9z', fill: false },
	open: { d: 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5', fill: false }
} satisfies Record<string, IconShape>;

export type IconName = keyof typeof ICONS;
