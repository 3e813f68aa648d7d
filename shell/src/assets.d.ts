/** A font file imported by the shell's code: webpack emits it (hashed) and the import is its URL. */
declare module '*.woff2' {
  const url: string;
  export default url;
}
