/** The kiosk's shade, pulled down from the top edge (loaded with it). */
const en = {
	menu: 'Kiosk menu',
	chat: 'Chat',
	leave: 'Leave kiosk'
};

export default en;
