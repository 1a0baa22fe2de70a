/** The URL of the script that hands the Latin web fonts to the browser (scripts/build/latin-fonts-script.ts). */
declare module "virtual:latin-fonts-script" {
  const src: string;
  export default src;
}
