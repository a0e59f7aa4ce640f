/** The date-time skill's pages (their words are the skill's; only the pages' names are ours). */
const en = {
	time: 'Time',
	date: 'Date'
};

export default en;
