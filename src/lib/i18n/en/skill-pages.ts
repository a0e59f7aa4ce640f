/** Pages of the remaining default and popular skills: wolfie, color-picker, parrot, local-media, xkcd, apod. */
const en = {
	wolf: {
		brand: 'Wolfram|Alpha',
		page: 'Answer from Wolfram|Alpha',
		picture: 'Answer picture from Wolfram|Alpha',
		noPicture: 'No answer picture yet'
	},
	color: { page: 'Colour' },
	parrot: {
		page: 'Parrot mode',
		on: 'I repeat everything you say.',
		stop: 'Say “stop” to end it.',
		off: 'Parrot mode is off.'
	},
	browser: {
		title: 'File Browser',
		why: 'This app browses the device’s own folders and USB drives. It runs on the device’s screen with ovos-shell, so it can’t be shown here.',
		voice: 'Ask by voice instead',
		example: '“Play” and the name of a song, album or folder in your media folder'
	},
	comic: {
		previous: 'Previous comic',
		next: 'Next comic',
		picture: 'Comic',
		notSent: 'Not connected: nothing was sent.'
	},
	apod: {
		heading: 'Astronomy Picture of the Day',
		picture: 'Astronomy picture of the day'
	}
};

export default en;
