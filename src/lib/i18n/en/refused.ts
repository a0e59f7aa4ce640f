/** A screen whose link points it at a host this server does not allow; loaded with that page. `{name}`: a code span. */
const en = {
	title: 'This link points the screen at another host',
	what: 'It asks to show what {host} sends. This server only connects screens to the OVOS it is set up for, so nothing was opened.',
	hint: 'To use {host} on purpose, add it to {setting} where this server runs.',
	open: 'Open the screen of this server’s OVOS',
	titleSaved: 'This browser’s settings point the screen at another host',
	settings: 'Change this browser’s settings'
};

export default en;
