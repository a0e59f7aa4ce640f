/** Fixed words of the OVOS-GUI-1 pages (one place, for the languages work). */
export const GUI1_LABELS = {
	clock: 'Clock',
	timer: 'Timer',
	video: 'Video',
	videoOnDevice: 'This video plays on the device itself; this screen can only play web (http or https) videos.',
	videoFailed: 'The video could not be loaded on this screen.',
	tapToPlay: 'Tap play to start the video.'
} as const;
