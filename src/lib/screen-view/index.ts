export { default as ScreenView } from './ScreenView.svelte';
export { default as KioskChrome } from './KioskChrome.svelte';
export { default as PageStack } from './PageStack.svelte';
export { default as IdleClock } from './IdleClock.svelte';
export * from './interaction';
export { default as HostRefused } from './Refused.svelte';
