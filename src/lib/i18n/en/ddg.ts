/** The DuckDuckGo answer page. */
const en = {
	source: 'DuckDuckGo',
	page: 'Answer from DuckDuckGo',
	noSummary: 'No answer text yet',
	image: 'Picture for this answer',
	previous: 'Previous page',
	next: 'Next page',
	pages: 'Answer pages'
};

export default en;
