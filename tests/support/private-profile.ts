/** Private values for a profile (issue 16): none may ever appear on a maker page, in a feed or in structured data. */
export const PRIVATE_PROFILE = {
  phone: '+234 803 111 2222',
  address: '12 Private Close, Ikeja',
  state: 'Secretstate',
  lga: 'Hiddenlga',
  bankName: 'Quietbank',
  bankAccountNumber: '0123456789',
  bankAccountName: 'Hidden Account Name',
  nextOfKinName: 'Kinsman Private',
  nextOfKinPhone: '+234 803 999 8888',
  educationStatus: 'Undisclosed degree',
};
