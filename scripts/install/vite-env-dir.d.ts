export function withEnvDirOption(source: string): { text: string; count: number };
export function patchInstalledReactRouterDev(root: string): number;
