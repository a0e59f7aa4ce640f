export { default as Template } from './Template.svelte';
export { TEMPLATES, componentFor, fillsWidth, UnknownPage } from './registry';
export * from './types';
export * from './data';
export * from './media-src';
