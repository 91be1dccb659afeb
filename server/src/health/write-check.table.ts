/** Where readiness proves that the database takes writes again after one was refused. */
export interface WriteCheckTable {
  instance: string;
  checked_at: number;
}
