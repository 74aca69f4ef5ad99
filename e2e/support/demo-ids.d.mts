interface DemoDocument {
  readonly id: string;
  readonly name: string;
}
export declare const KB: { readonly handbook: string; readonly faq: string; readonly policies: string };
export declare const DS: { readonly handbook: string; readonly faq: string };
export declare const DOC: {
  readonly installation: DemoDocument;
  readonly wifi: DemoDocument;
  readonly battery: DemoDocument;
  readonly ledStatusCodes: DemoDocument;
  readonly pricing: DemoDocument;
  readonly returns: DemoDocument;
};
export declare const CONVERSATION: { readonly amberDisplay: string };
export declare const SPACE: { readonly support: string; readonly engineering: string; readonly supportChinese: string };
export declare const UNKNOWN: { readonly knowledge: string; readonly dataset: string; readonly document: string };
