/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_CHAIN_PRESET?: string;
  readonly VITE_RPC_URL?: string;
  readonly VITE_CONTRACT_ADDRESS?: string;
  readonly VITE_PROJECT_ID?: string;
  readonly VITE_API_URL?: string;
  readonly VITE_DIRECTORY_URL?: string;
  readonly VITE_RELAY_URL?: string;
  readonly VITE_EMBEDDED_WALLET_URL?: string;
  readonly VITE_EXPLORER_URL?: string;
  readonly VITE_MARKETPLACE_URL?: string;
  readonly VITE_SITE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
