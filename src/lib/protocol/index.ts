export * from './types';
export * from './json';
export { decode, decodeValue, nameFromUrl } from './decode';
export * from './client';
export { encodeGui } from './gui-encode';
export * from './bus';
export * from './templates';
export { toCanonical, type CanonicalNamespace, type CanonicalSource } from './canonical';
export * from './address';
