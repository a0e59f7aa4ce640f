/** The OCP media pages: home and search, playlist and results, the player loader. */
const en = {
	playlist: 'Playlist',
	searchResults: 'Search results',
	emptyPlaylist: 'Nothing in the playlist yet',
	emptySearch: 'No search results yet',
	nowPlayingBadge: 'Now playing',
	searching: 'Searching media',
	media: 'Media',
	close: 'Close the player',
	mediaHome: 'Media home',
	findSomething: 'Find something to play',
	searchPlaceholder: 'Search for music, podcasts, movies …',
	play: 'Play!',
	home: 'Search',
	skills: 'Skills',
	noSkills: 'No media skills to show',
	nowPlaying: 'Now playing',
	onDevice: 'Play this on the device',
	videoNote: 'Videos from the media player are shown by the device’s own video player, not on this screen.',
	webNote: 'Web players run in the device’s own browser view, not on this screen.',
	openPage: 'Open the page here',
	openingPlayer: 'Opening the player…',
	video: 'Video',
	web: 'Web player',
	tapToPlay: 'Tap play to start.',
	withoutScripts: 'Shown without its scripts: a web page may not steer this device.',
	stop: 'Stop',
	notSent: 'Not connected: nothing was sent.',
	typeFirst: 'Type what to play first.'
};

export default en;
