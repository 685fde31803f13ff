// `npm run format` writes it, `npm run lint` checks it. The Tailwind plugin puts class names in Tailwind's
// own order (it reads the theme from app/globals.css).
/** @type {import("prettier").Config} */
const config = {
  printWidth: 120,
  plugins: ["prettier-plugin-tailwindcss"],
  tailwindStylesheet: "./app/globals.css",
};

export default config;
