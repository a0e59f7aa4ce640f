/** Pages of skills we have no renderer for, shown from their data (templates/generic/). */
const en = {
	page: (skill: string) => `Page from ${skill}`,
	picture: (skill: string) => `Picture from ${skill}`,
	more: (n: string) => `+ ${n} more`
};

export default en;
