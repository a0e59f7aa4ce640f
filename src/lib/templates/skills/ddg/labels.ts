/** Fixed words of the DuckDuckGo answer page, in one place for the languages work. */
export const LABELS = {
	page: 'Answer from DuckDuckGo',
	noSummary: 'No answer text yet',
	image: 'Picture for this answer',
	previous: 'Previous page',
	next: 'Next page',
	pages: 'Answer pages'
} as const;
