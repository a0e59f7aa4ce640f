export { default as Template } from './Template.svelte';
export { componentFor, loadComponent, preloadTemplates, fillsWidth, isRendered } from './registry';
export * from './types';
export * from './data';
export * from './frame';
export * from './media-src';
