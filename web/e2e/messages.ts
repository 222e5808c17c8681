// The client-side validation messages of the login page (spec section 5) as users read them.

export const MESSAGES = {
  en: {
    account: 'Please enter your account',
    password: 'Please enter your password',
    emailEmpty: 'Email address is empty',
    emailFormat: 'Email Format Incorrect',
    codeEmpty: 'Verification code cannot be empty',
    codeDigits: 'Must be a 6-digit number',
    agree: 'Please read and agree to the privacy policy',
    passwordEmpty: 'Password cannot be empty',
    passwordFormat: 'Password Format Error',
    inconsistent: 'The two passwords are inconsistent',
    googleEmpty: 'Google verification code cannot be empty',
  },
  'zh-CN': {
    account: '请输入账号',
    password: '请输入密码',
    emailEmpty: '邮箱地址为空',
    emailFormat: '邮箱格式不正确',
    codeEmpty: '验证码不能为空',
    codeDigits: '必须是 6 位数字',
    agree: '请阅读并同意隐私政策',
    passwordEmpty: '密码不能为空',
    passwordFormat: '密码格式错误',
    inconsistent: '两次密码不一致',
    googleEmpty: '谷歌验证码不能为空',
  },
} as const;
