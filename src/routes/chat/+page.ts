// The chat lives in localStorage: render it in the browser only.
export const ssr = false;
