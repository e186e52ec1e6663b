// pdfkit 0.20's standard fonts, which its browser build draws with only once registered;
// @types/pdfkit (0.17) does not know them yet.
declare module 'pdfkit/standard-fonts/*' {
  const font: { name: string };
  export default font;
}
