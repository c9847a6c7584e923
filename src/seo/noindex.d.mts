export declare const noindexPrefixes: string[];
export declare function isNoindexPath(path: string): boolean;
export declare function isNoindexUrlPath(pathname: string): boolean;
