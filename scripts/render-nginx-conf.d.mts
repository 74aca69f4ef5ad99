export declare function renderNginxConf(options: {
  port: string | number;
  root: string;
  base?: string;
  baseUpstream: string;
  secondaryUpstream: string;
  connectSrc?: string;
}): string;
