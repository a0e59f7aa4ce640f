import { firstPageLoad } from '$lib/screen-view/first-page';

export function load({ data }) {
	return firstPageLoad(data);
}
