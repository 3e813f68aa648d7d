// The passwords that lists of leaked credentials show most often, including Brazilian ones, compared in lower case.
// Only those of 8 characters or more matter: shorter ones fail the length rule anyway.
const list = `
12345678 123456789 1234567890 12345678910 123123123 11111111 00000000 87654321 88888888 99999999 12341234
123456789a 1q2w3e4r 1q2w3e4r5t 1qaz2wsx qwertyui qwerty123 qwertyuiop asdfghjk asdfghjkl zxcvbnm1 1234qwer
qwer1234 abcd1234 abc12345 a1b2c3d4 password password1 password123 passw0rd p@ssw0rd p@ssword iloveyou
sunshine princess football baseball welcome1 welcome123 letmein1 trustno1 superman batman123 dragon123
monkey123 master123 shadow123 michael1 jennifer charlie1 computer internet whatever starwars loveyou1
senha123 senha1234 senha12345 minhasenha minhasenha1 mudar123 mudar@123 trocar123 admin123 admin1234
administrador brasil123 brasil2020 brasil2022 brasil2024 brasil2026 flamengo flamengo1 corinthians
palmeiras saopaulo vasco123 gremio123 cruzeiro santos123 internacional botafogo fluminense atletico
102030405060 10203040 01020304 123mudar mudar1234 amor1234 teamo123 eusoufeliz jesus123 jesuscristo
deusefiel deus1234 familia1 felicidade benfica1 gabriela1 gabriel1 mariana1 juliana1 fernanda carolina
especifica especifica1 especifica123 especifica2026 arquiteto arquiteta engenheiro designer1 decoracao
q1w2e3r4 q1w2e3r4t5 zaq12wsx 1qazxsw2 asdf1234 asd123456 aa123456 a12345678 abc123456 123abc123
abcdefgh abcdefg1 aaaaaaaa qqqqqqqq 11223344 112233445566 147258369 159753258 987654321 741852963
`;

const common = new Set(list.split(/\s+/).filter(Boolean));

export function isCommonPassword(password: string): boolean {
  return common.has(password.trim().toLowerCase());
}
