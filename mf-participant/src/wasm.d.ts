/** A WebAssembly file imported for its address: the build emits it beside the remote's chunks (asset/resource). */
declare module '*.wasm' {
  const url: string;
  export default url;
}
