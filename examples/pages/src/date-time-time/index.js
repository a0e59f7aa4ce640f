// A page file's default export is its custom element class: Svelte keeps it on the component as `.element`.
import Time from './Time.svelte';

export default Time.element;
