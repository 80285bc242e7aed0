"""The overloads torch 2.13's argument parser prints for functions and Tensor methods that
have more than one (as in its "received an invalid combination of arguments" message).

Used on the failure path only: when Python itself refuses a call's arguments (an unexpected
keyword, too many or too few), minigrad words the error as torch's parser does for the same
call (see `_argparse_calls.binding_error`, in this package). Names with a single overload are not listed: for
them torch's wording is Python's, with the bare function name.
"""
# ruff: noqa: E501
FUNCTIONS = {'argmax': ('(Tensor input, int? dim = None, bool keepdim = False, *, Tensor out = None)',),
 'argmin': ('(Tensor input, int? dim = None, bool keepdim = False, *, Tensor out = None)',),
 'BoolTensor': ('(*, torch.device device = None)',
                '(torch.Storage storage)',
                '(Tensor other)',
                '(tuple of ints size, *, torch.device device = None)',
                '(object data, *, torch.device device = None)'),
 'DoubleTensor': ('(*, torch.device device = None)',
                  '(torch.Storage storage)',
                  '(Tensor other)',
                  '(tuple of ints size, *, torch.device device = None)',
                  '(object data, *, torch.device device = None)'),
 'FloatTensor': ('(*, torch.device device = None)',
                 '(torch.Storage storage)',
                 '(Tensor other)',
                 '(tuple of ints size, *, torch.device device = None)',
                 '(object data, *, torch.device device = None)'),
 'HalfTensor': ('(*, torch.device device = None)',
                '(torch.Storage storage)',
                '(Tensor other)',
                '(tuple of ints size, *, torch.device device = None)',
                '(object data, *, torch.device device = None)'),
 'IntTensor': ('(*, torch.device device = None)',
               '(torch.Storage storage)',
               '(Tensor other)',
               '(tuple of ints size, *, torch.device device = None)',
               '(object data, *, torch.device device = None)'),
 'LongTensor': ('(*, torch.device device = None)',
                '(torch.Storage storage)',
                '(Tensor other)',
                '(tuple of ints size, *, torch.device device = None)',
                '(object data, *, torch.device device = None)'),
 'add': ('(Tensor input, Tensor other, *, Number alpha = 1, Tensor out = None)',),
 'all': ('(Tensor input, *, Tensor out = None)',
         '(Tensor input, tuple of ints dim = None, bool keepdim = False, *, Tensor out = None)',
         '(Tensor input, int dim, bool keepdim = False, *, Tensor out = None)'),
 'any': ('(Tensor input, *, Tensor out = None)',
         '(Tensor input, tuple of ints dim = None, bool keepdim = False, *, Tensor out = None)',
         '(Tensor input, int dim, bool keepdim = False, *, Tensor out = None)'),
 'arange': ('(Number end, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout '
            '= None, torch.device device = None, bool pin_memory = False, bool requires_grad = '
            'False)',
            '(Number start, Number end, *, torch.dtype dtype = None, torch.layout layout = '
            'None, torch.device device = None, bool pin_memory = False, bool requires_grad = '
            'False)',
            '(Number start, Number end, Number step = 1, *, Tensor out = None, torch.dtype '
            'dtype = None, torch.layout layout = None, torch.device device = None, bool '
            'pin_memory = False, bool requires_grad = False)'),
 'bitwise_and': ('(Tensor input, Tensor other, *, Tensor out = None)',
                 '(Number self, Tensor other)',
                 '(Tensor input, Number other, *, Tensor out = None)'),
 'bitwise_or': ('(Tensor input, Tensor other, *, Tensor out = None)',
                '(Number self, Tensor other)',
                '(Tensor input, Number other, *, Tensor out = None)'),
 'bitwise_xor': ('(Tensor input, Tensor other, *, Tensor out = None)',
                 '(Number self, Tensor other)',
                 '(Tensor input, Number other, *, Tensor out = None)'),
 'bmm': ('(Tensor input, Tensor mat2, *, Tensor out = None)',
         '(Tensor input, Tensor mat2, torch.dtype out_dtype, *, Tensor out = None)'),
 'clamp': ('(Tensor input, Tensor min = None, Tensor max = None, *, Tensor out = None)',
           '(Tensor input, Number min = None, Number max = None, *, Tensor out = None)'),
 'clip': ('(Tensor input, Tensor min = None, Tensor max = None, *, Tensor out = None)',
          '(Tensor input, Number min = None, Number max = None, *, Tensor out = None)'),
 'div': ('(Tensor input, Tensor other, *, Tensor out = None)',
         '(Tensor input, Tensor other, *, str rounding_mode, Tensor out = None)',
         '(Tensor input, Number other, *, str rounding_mode)'),
 'divide': ('(Tensor input, Tensor other, *, Tensor out = None)',
            '(Tensor input, Tensor other, *, str rounding_mode, Tensor out = None)',
            '(Tensor input, Number other)',
            '(Tensor input, Number other, *, str rounding_mode)'),
 'eq': ('(Tensor input, Tensor other, *, Tensor out = None)',
        '(Tensor input, Number other, *, Tensor out = None)'),
 'eye': ('(int n, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, '
         'torch.device device = None, bool pin_memory = False, bool requires_grad = False)',
         '(int n, int m, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = '
         'None, torch.device device = None, bool pin_memory = False, bool requires_grad = '
         'False)'),
 'fill_': ('(Tensor input, Tensor value)', '(Tensor input, Number value)'),
 'floor_divide': ('(Tensor input, Tensor other, *, Tensor out = None)',
                  '(Tensor input, Number other)'),
 'ge': ('(Tensor input, Tensor other, *, Tensor out = None)',
        '(Tensor input, Number other, *, Tensor out = None)'),
 'gt': ('(Tensor input, Tensor other, *, Tensor out = None)',
        '(Tensor input, Number other, *, Tensor out = None)'),
 'le': ('(Tensor input, Tensor other, *, Tensor out = None)',
        '(Tensor input, Number other, *, Tensor out = None)'),
 'linspace': ('(Tensor start, Tensor end, int steps, *, Tensor out = None, torch.dtype dtype = '
              'None, torch.layout layout = None, torch.device device = None, bool pin_memory = '
              'False, bool requires_grad = False)',
              '(Number start, Tensor end, int steps, *, Tensor out = None, torch.dtype dtype = '
              'None, torch.layout layout = None, torch.device device = None, bool pin_memory = '
              'False, bool requires_grad = False)',
              '(Tensor start, Number end, int steps, *, Tensor out = None, torch.dtype dtype = '
              'None, torch.layout layout = None, torch.device device = None, bool pin_memory = '
              'False, bool requires_grad = False)',
              '(Number start, Number end, int steps, *, Tensor out = None, torch.dtype dtype = '
              'None, torch.layout layout = None, torch.device device = None, bool pin_memory = '
              'False, bool requires_grad = False)'),
 'lt': ('(Tensor input, Tensor other, *, Tensor out = None)',
        '(Tensor input, Number other, *, Tensor out = None)'),
 'max': ('(Tensor input, *, Tensor out = None)',
         '(Tensor input, Tensor other, *, Tensor out = None)',
         '(Tensor input, int dim, bool keepdim = False, *, tuple of Tensors out = None)'),
 'mean': ('(Tensor input, *, torch.dtype dtype = None, Tensor out = None)',
          '(Tensor input, tuple of ints[1]? dim, bool keepdim = False, *, torch.dtype dtype = '
          'None, Tensor out = None)'),
 'min': ('(Tensor input, *, Tensor out = None)',
         '(Tensor input, Tensor other, *, Tensor out = None)',
         '(Tensor input, int dim, bool keepdim = False, *, tuple of Tensors out = None)'),
 'mm': ('(Tensor input, Tensor mat2, *, Tensor out = None)',
        '(Tensor input, Tensor mat2, torch.dtype out_dtype, *, Tensor out = None)'),
 'multiply': ('(Tensor input, Tensor other, *, Tensor out = None)',
              '(Tensor input, Number other)'),
 'narrow': ('(Tensor input, int dim, Tensor start, int length)',
            '(Tensor input, int dim, int start, int length)'),
 'ne': ('(Tensor input, Tensor other, *, Tensor out = None)',
        '(Tensor input, Number other, *, Tensor out = None)'),
 'pow': ('(Tensor input, Tensor exponent, *, Tensor out = None)',
         '(Number self, Tensor exponent, *, Tensor out = None)',
         '(Tensor input, Number exponent, *, Tensor out = None)'),
 'prod': ('(Tensor input, *, torch.dtype dtype = None)',
          '(Tensor input, int dim, bool keepdim = False, *, torch.dtype dtype = None, Tensor '
          'out = None)'),
 'rand': ('(tuple of ints size, *, torch.Generator generator, Tensor out = None, torch.dtype '
          'dtype = None, torch.layout layout = None, torch.device device = None, bool '
          'pin_memory = False, bool requires_grad = False)',
          '(tuple of ints size, *, Tensor out = None, torch.dtype dtype = None, torch.layout '
          'layout = None, torch.device device = None, bool pin_memory = False, bool '
          'requires_grad = False)'),
 'rand_like': ('(Tensor input, *, torch.Generator generator, torch.memory_format memory_format '
               '= None, torch.dtype dtype = None, torch.layout layout = None, torch.device '
               'device = None, bool pin_memory = False, bool requires_grad = False)',
               '(Tensor input, *, torch.memory_format memory_format = None, torch.dtype dtype '
               '= None, torch.layout layout = None, torch.device device = None, bool '
               'pin_memory = False, bool requires_grad = False)'),
 'randint': ('(int high, tuple of ints size, *, torch.Generator generator, Tensor out = None, '
             'torch.dtype dtype = None, torch.layout layout = None, torch.device device = '
             'None, bool pin_memory = False, bool requires_grad = False)',
             '(int high, tuple of ints size, *, Tensor out = None, torch.dtype dtype = None, '
             'torch.layout layout = None, torch.device device = None, bool pin_memory = False, '
             'bool requires_grad = False)',
             '(int low, int high, tuple of ints size, *, torch.Generator generator, Tensor out '
             '= None, torch.dtype dtype = None, torch.layout layout = None, torch.device '
             'device = None, bool pin_memory = False, bool requires_grad = False)',
             '(int low, int high, tuple of ints size, *, Tensor out = None, torch.dtype dtype '
             '= None, torch.layout layout = None, torch.device device = None, bool pin_memory '
             '= False, bool requires_grad = False)'),
 'randint_like': ('(Tensor input, int low, int high, *, torch.Generator generator, '
                  'torch.memory_format memory_format = None, torch.dtype dtype = None, '
                  'torch.layout layout = None, torch.device device = None, bool pin_memory = '
                  'False, bool requires_grad = False)',
                  '(Tensor input, int low, int high, *, torch.memory_format memory_format = '
                  'None, torch.dtype dtype = None, torch.layout layout = None, torch.device '
                  'device = None, bool pin_memory = False, bool requires_grad = False)',
                  '(Tensor input, Tensor high, *, torch.Generator generator, '
                  'torch.memory_format memory_format = None, torch.dtype dtype = None, '
                  'torch.layout layout = None, torch.device device = None, bool pin_memory = '
                  'False, bool requires_grad = False)',
                  '(Tensor input, Tensor high, *, torch.memory_format memory_format = None, '
                  'torch.dtype dtype = None, torch.layout layout = None, torch.device device = '
                  'None, bool pin_memory = False, bool requires_grad = False)',
                  '(Tensor input, int high, *, torch.Generator generator, torch.memory_format '
                  'memory_format = None, torch.dtype dtype = None, torch.layout layout = None, '
                  'torch.device device = None, bool pin_memory = False, bool requires_grad = '
                  'False)',
                  '(Tensor input, int high, *, torch.memory_format memory_format = None, '
                  'torch.dtype dtype = None, torch.layout layout = None, torch.device device = '
                  'None, bool pin_memory = False, bool requires_grad = False)'),
 'randn': ('(tuple of ints size, *, torch.Generator generator, Tensor out = None, torch.dtype '
           'dtype = None, torch.layout layout = None, torch.device device = None, bool '
           'pin_memory = False, bool requires_grad = False)',
           '(tuple of ints size, *, Tensor out = None, torch.dtype dtype = None, torch.layout '
           'layout = None, torch.device device = None, bool pin_memory = False, bool '
           'requires_grad = False)'),
 'randn_like': ('(Tensor input, *, torch.Generator generator, torch.memory_format '
                'memory_format = None, torch.dtype dtype = None, torch.layout layout = None, '
                'torch.device device = None, bool pin_memory = False, bool requires_grad = '
                'False)',
                '(Tensor input, *, torch.memory_format memory_format = None, torch.dtype dtype '
                '= None, torch.layout layout = None, torch.device device = None, bool '
                'pin_memory = False, bool requires_grad = False)'),
 'remainder': ('(Tensor input, Tensor other, *, Tensor out = None)',
               '(Number self, Tensor other)',
               '(Tensor input, Number other, *, Tensor out = None)'),
 'round': ('(Tensor input, *, Tensor out = None)',
           '(Tensor input, *, int decimals, Tensor out = None)'),
 'softmax': ('(Tensor input, int dim, torch.dtype dtype = None)',),
 'conv2d': ('(Tensor input, Tensor weight, Tensor bias = None, tuple of ints stride = 1, '
            'tuple of ints padding = 0, tuple of ints dilation = 1, int groups = 1)',
            '(Tensor input, Tensor weight, Tensor bias = None, tuple of ints stride = 1, '
            'str padding = "valid", tuple of ints dilation = 1, int groups = 1)'),
 'relu_': ('(Tensor input)',),
 'log_softmax': ('(Tensor input, int dim, torch.dtype dtype = None)',),
 'split': ('(Tensor input, int split_size, int dim = 0)',
           '(Tensor input, tuple of ints split_size, int dim = 0)'),
 'squeeze': ('(Tensor input)', '(Tensor input, int dim)', '(Tensor input, tuple of ints dim)'),
 'sub': ('(Tensor input, Tensor other, *, Number alpha = 1, Tensor out = None)',),
 'subtract': ('(Tensor input, Tensor other, *, Number alpha = 1, Tensor out = None)',
              '(Tensor input, Number other, Number alpha = 1)'),
 'sum': ('(Tensor input, *, torch.dtype dtype = None)',
         '(Tensor input, tuple of ints[1]? dim, bool keepdim = False, *, torch.dtype dtype = None, '
         'Tensor out = None)'),
 'true_divide': ('(Tensor input, Tensor other, *, Tensor out = None)',
                 '(Tensor input, Number other)'),
 'where': ('(Tensor condition)',
           '(Tensor condition, Tensor input, Tensor other, *, Tensor out = None)',
           '(Tensor condition, Number self, Tensor other)',
           '(Tensor condition, Tensor input, Number other)',
           '(Tensor condition, Number self, Number other)')}
METHODS = {'argmax': ('(int? dim = None, bool keepdim = False)',),
 'argmin': ('(int? dim = None, bool keepdim = False)',),
 'add': ('(Tensor other, *, Number alpha = 1)',),
 'add_': ('(Tensor other, *, Number alpha = 1)',),
 'all': ('()',
         '(tuple of ints dim = None, bool keepdim = False)',
         '(int dim, bool keepdim = False)'),
 'any': ('()',
         '(tuple of ints dim = None, bool keepdim = False)',
         '(int dim, bool keepdim = False)'),
 'clamp': ('(Tensor min = None, Tensor max = None)', '(Number min = None, Number max = None)'),
 'clamp_': ('(Tensor min = None, Tensor max = None)', '(Number min = None, Number max = None)'),
 'clip': ('(Tensor min = None, Tensor max = None)', '(Number min = None, Number max = None)'),
 'clip_': ('(Tensor min = None, Tensor max = None)', '(Number min = None, Number max = None)'),
 'copy_': ('(Tensor other, bool non_blocking = False)',),
 'div': ('(Tensor other)',
         '(Tensor other, *, str rounding_mode)',
         '(Number other, *, str rounding_mode)'),
 'div_': ('(Tensor other)',
          '(Tensor other, *, str rounding_mode)',
          '(Number other, *, str rounding_mode)'),
 'divide': ('(Tensor other)',
            '(Tensor other, *, str rounding_mode)',
            '(Number other)',
            '(Number other, *, str rounding_mode)'),
 'eq': ('(Tensor other)', '(Number other)'),
 'fill_': ('(Tensor value)', '(Number value)'),
 'floor_divide': ('(Tensor other)', '(Number other)'),
 'ge': ('(Tensor other)', '(Number other)'),
 'gt': ('(Tensor other)', '(Number other)'),
 'le': ('(Tensor other)', '(Number other)'),
 'lt': ('(Tensor other)', '(Number other)'),
 'max': ('()', '(Tensor other)', '(int dim, bool keepdim = False)'),
 'mean': ('(*, torch.dtype dtype = None)',
          '(tuple of ints[1]? dim, bool keepdim = False, *, torch.dtype dtype = None)'),
 'min': ('()', '(Tensor other)', '(int dim, bool keepdim = False)'),
 'multiply': ('(Tensor other)', '(Number other)'),
 'narrow': ('(int dim, Tensor start, int length)', '(int dim, int start, int length)'),
 'ne': ('(Tensor other)', '(Number other)'),
 'pow': ('(Tensor exponent)', '(Number exponent)'),
 'pow_': ('(Tensor exponent)', '(Number exponent)'),
 'prod': ('(*, torch.dtype dtype = None)',
          '(int dim, bool keepdim = False, *, torch.dtype dtype = None)'),
 'remainder': ('(Tensor other)', '(Number other)'),
 'round': ('()', '(*, int decimals)'),
 'round_': ('()', '(*, int decimals)'),
 'split': ('(Tensor input, int split_size, int dim = 0)',
           '(Tensor input, tuple of ints split_size, int dim = 0)'),
 'softmax': ('(int dim, torch.dtype dtype = None)',),
 'log_softmax': ('(int dim, torch.dtype dtype = None)',),
 'squeeze': ('()', '(int dim)', '(tuple of ints dim)'),
 'sub': ('(Tensor other, *, Number alpha = 1)',),
 'sub_': ('(Tensor other, *, Number alpha = 1)',),
 'subtract': ('(Tensor other, *, Number alpha = 1)', '(Number other, Number alpha = 1)'),
 'sum': ('(*, torch.dtype dtype = None)',
         '(tuple of ints[1]? dim, bool keepdim = False, *, torch.dtype dtype = None)'),
 'to': ('(torch.device device = None, torch.dtype dtype = None, bool non_blocking = False, '
        'bool copy = False, *, torch.memory_format memory_format = None)',
        '(torch.dtype dtype, bool non_blocking = False, bool copy = False, *, '
        'torch.memory_format memory_format = None)',
        '(Tensor tensor, bool non_blocking = False, bool copy = False, *, torch.memory_format '
        'memory_format = None)'),
 'true_divide': ('(Tensor other)', '(Number other)'),
 'view': ('(torch.dtype dtype)', '(tuple of ints size)')}
