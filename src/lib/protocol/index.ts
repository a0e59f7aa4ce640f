export * from './types';
export * from './json';
export { decode, decodeValue, nameFromUrl } from './decode';
export * from './client';
export * from './bus';
export * from './templates';
