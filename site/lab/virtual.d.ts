declare module 'virtual:mb-custom-elements' {
  const manifest: import('custom-elements-manifest/schema').Package;
  export default manifest;
}
