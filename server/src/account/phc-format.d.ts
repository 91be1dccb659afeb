/** @phc/format ships no types: the two calls the imported-hash parser makes. */
declare module '@phc/format' {
  export interface PhcObject {
    id: string;
    version?: number;
    params?: Record<string, string | number>;
    salt?: Buffer;
    hash?: Buffer;
  }
  export function deserialize(phc: string): PhcObject;
  export function serialize(object: PhcObject): string;
}
