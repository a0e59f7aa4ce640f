/**
 * Whether the page is hydrated (its script runs), for the component that asks. Controls that act only
 * through script are disabled until then: a tap on a server-drawn button does nothing, and a form
 * submits as a plain GET and loses what was typed.
 */
export function hydrated(): { readonly current: boolean } {
	let ready = $state(false);
	$effect(() => {
		ready = true;
	});
	return {
		get current() {
			return ready;
		}
	};
}
