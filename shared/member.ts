/** The signed-in staff member, as the identity service verified them (D3: the verified JWT's email). */
export interface Member {
  readonly email: string;
  readonly name?: string;
}
