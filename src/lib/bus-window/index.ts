/** The browser's side of the app server's bus window: the client, notifications, volume, the rule for when it applies. */
export { BusWindowClient, type BusWindowClientOptions, type WindowLink, type WindowListener } from './window-client.svelte';
export { NotificationCenter } from './notification-center.svelte';
export { VolumeWatch } from './volume-watch.svelte';
export { createFeatures, type Features } from './features';
export * from './notices';
export * from './volume';
export { windowBlocked } from './blocked';
