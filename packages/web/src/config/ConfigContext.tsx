import { createContext, useContext, type ReactNode } from 'react';
import type { AppConfig } from './appConfig';

const ConfigContext = createContext<AppConfig | null>(null);

export function ConfigProvider({ config, children }: { config: AppConfig; children: ReactNode }) {
  return <ConfigContext value={config}>{children}</ConfigContext>;
}

export function useConfig(): AppConfig {
  const config = useContext(ConfigContext);
  if (config === null) throw new Error('useConfig needs a ConfigProvider');
  return config;
}
