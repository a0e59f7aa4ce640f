// The dashboard is a live client of the device: nothing to render on the server.
export const ssr = false;
