/** Fixed words of the date-time pages (one place, for the languages work). */
export const DATE_TIME_LABELS = {
	time: 'Time',
	date: 'Date',
	noTime: '--:--',
	noDate: '—'
} as const;
