"use client";

import dynamic from "next/dynamic";

/**
 * Role 1's banner area as its own chunks: every menu page has a banner area, but only role 1 gets its
 * tools (show/hide, delete, the upload area with react-dropzone and the upload client, about 13 KB
 * gzip in all), so everyone else's first load leaves them out. The server still renders it and
 * next/dynamic preloads its chunks where it renders, so it is interactive as soon as before.
 *
 * No `loading` option, on purpose: it would put a Suspense boundary around the banner, and React
 * sends a finished boundary of more than 500 bytes that comes after 12.8 KB of page (the shell is
 * more) as a separate part revealed about 300 ms after the first paint. Every page load then showed
 * a spinner in the banner's place first. Without the boundary the banner is part of the page; a
 * client-side navigation waits for the chunk like for the rest of the page (the progress bar shows).
 */
export const AdminBanner = dynamic(() => import("./admin-banner").then((m) => m.AdminBanner));
